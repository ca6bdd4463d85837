# The samples' commands of the main job, sourced by scripts/main-job.sh
# (which runs each once) and bench/cpu/samples.sh (which times them in
# rounds), so that both run the same graphs with the same options.
# sample_args SAMPLE N: the command line (N: FW's matrix size);
# sample_binary BUILD SAMPLE VARIANT (serial, omp, cuda): the executable;
# sample_time SAMPLE < output: seconds (fw's median, Δ-stepping's time per
# source, Johnson's potentials and sources, BC's median, GM's time);
# sample_verified SAMPLE < output: status 0 when the run checked itself
# (graph matching has no check: its assignment digest is its result);
# sample_key SAMPLE < output: what must be equal across the builds.

sample_args() {
  case $1 in
    fw) echo "--generate dense:n=$2,density=0.05,seed=1 --weights int:1000 --repeat 3 $([ "$2" -le 2048 ] && echo --verify)" ;;
    delta) echo "--generate rmat:scale=16,ef=16,seed=1 --undirected --weights real --sources 4 --repeat 3 --verify" ;;
    johnson) echo "--generate er:n=2000,p=0.004,seed=1 --directed --weights int:100 --negative 30 --all-sources --verify" ;;
    bc) echo "--generate ba:n=3000,m=5,seed=1 --normalized --top 5 --verify" ;;
    gm) echo "--generate n=24,graphs=12,density=0.3,noise=0.05,seed=1 --mode set" ;;
  esac
}

sample_binary() {
  local dir
  case $2 in
    fw) dir=floyd_warshall ;; delta) dir=delta_stepping ;; johnson) dir=johnson ;;
    bc) dir=bc ;; gm) dir=graph_matching ;;
  esac
  echo "$1/samples/$dir/$2_$3"
}

sample_time() {
  case $1 in
    fw) sed -n 's/^time: \([0-9.e+-]*\) s.*/\1/p' ;;
    delta) sed -n 's/.*, \([0-9.e+-]*\) s per source.*/\1/p' ;;
    johnson) sed -n -e 's/^potentials: .*; \([0-9.e+-]*\) s with reweighting.*/\1/p' \
                    -e 's/^sources: .*, \([0-9.e+-]*\) s (.*/\1/p' | awk '{t += $1} END {if (NR) print t}' ;;
    bc) sed -n 's/^ *time_median_s  *\([0-9.e+-]*\).*/\1/p' ;;
    gm) sed -n 's/^ *time_s  *\([0-9.e+-]*\).*/\1/p' | head -1 ;;
  esac
}

sample_verified() {
  case $1 in
    fw|delta|johnson) grep -q '^verify: matches' ;;
    bc) grep -q '^ *verified  *true' ;;
    gm) grep -q '^ *assignment ' ;;
  esac
}

sample_key() {
  case $1 in
    fw) grep '^checksum:' ;;
    delta|johnson) sed -n 's/.*checksum \([0-9.e+-]*\).*/\1/p' ;;
    bc) sed -n '/^top /,$p' | awk '{print $1}' ;;
    gm) grep '^ *assignment ' ;;
  esac
}
