#!/usr/bin/env python3
"""A model of how hy's zone level would scale (issue 31): fw --grid (2-D
block-cyclic Floyd-Warshall with look-ahead, samples/floyd_warshall/
fw_kernels.cpp's fw_grid) and the independent-problem zone loops (BC's
sources, Johnson's batches, graph matching's set of pairs). No machine with
several GPUs was ever lent: every number it prints is a prediction from the
inputs below (each with its source), not a measurement of scaling.

  scaling.py table                 the prediction table (docs/perf/multi_gpu.md)
  scaling.py bcast FILE...         fit alpha/beta to bench/model/bcast_time output
  scaling.py bytes N S R C FILE    the model's bytes per zone against a run's (--json, or count_bcast's)
  scaling.py sao                   the model on Sao et al.'s machine (Summit)
  scaling.py inputs                every input, its value and its source
  NAME=VALUE                       replaces an input (e.g. host_bcast_bw=2e9)

Only the Python standard library."""
import json
import math
import sys

# ---------------------------------------------------------------------------
# Inputs. (value, source)
# ---------------------------------------------------------------------------
PERF_FW = "docs/perf/floyd_warshall.md (text at dd07a4d; measured at 8d66452 on nvidia-h200)"
INPUTS = {
    # One H200, hyc's generated CUDA of samples/floyd_warshall (B = 64 tiles).
    "phase1_s": (16.0e-6, PERF_FW + ", Nsight table: phase 1 per round, 16.0 us"),
    "phase2_s": (42.8e-6, PERF_FW + ", Nsight table: phase 2 per round (510 blocks, one wave), 42.8 us"),
    "phase3_s": (1.194e-3, PERF_FW + ", Nsight table: phase 3 per round at n = 16384 (65025 tiles), 1.194 ms"),
    "incore_rate": (13.67e12, PERF_FW + ": kernels alone, n = 16384, 13.67 T relaxations/s"),
    "pcie_pinned": (54e9, PERF_FW + ", item 5: pinned copies 54 GB/s both ways"),
    "h200_mem": (141e9, "NVIDIA H200 SXM 141 GB (MLCommons inference v4.1, NVIDIA's H200-SXM-141GBx8 system file)"),
    # Interconnects (vendor figures).
    "nvlink_bw": (450e9, "NVLink 4: 900 GB/s per GPU, both directions together (NVIDIA, MLCommons v4.1 "
                  "H200-SXM-141GBx8 system file: '18x 4th Gen NVLink, 900GB/s'); 450 GB/s one way"),
    "ib_bw": (50e9, "InfiniBand NDR, ConnectX-7: 400 Gb/s per port (docs.nvidia.com/networking/display/"
              "ConnectX7VPI/Introduction); one per GPU (MLCommons v4.1 H200-SXM-141GBx8: "
              "10x 400 Gb/s InfiniBand cards for 8 GPUs): 50 GB/s one way per GPU"),
    # Latencies: no vendor figure for a whole MPI/NCCL broadcast step; assumed.
    "nvlink_alpha": (10e-6, "assumed: per step of a broadcast tree within a host (NCCL/MPI launch and sync)"),
    "ib_alpha": (5e-6, "assumed: per step between hosts (adapter and switch are ~1 us; MPI software on top)"),
    "gpus_per_node": (8, "HGX H200: 8 GPUs per node"),
    # The staged path broadcasts host memory between the ranks of a host.
    "host_bcast_bw": (20e9, "assumed (not measured on a GPU host): MPI_Bcast between the processes of one "
                      "host through shared memory; this 2-core VM measured 0.4 to 2 GB/s (bench/model/"
                      "bcast_time), which says nothing of a 16-core H200 host: measure it there"),
    # Zone loops: per-item GPU times on one H200.
    "bc_source_s": (16.70e-3, "docs/perf/bc.md (3447081), section 2: BC batched, Kronecker scale 22, ef 16, "
                    "16.70 ms per source"),
    "johnson_source_s": (32.75 / 65536, "docs/perf/johnson.md (3447081): frontier form, n = 65536, degree 16, "
                         "all sources in 32.75 s"),
    "gm_pair_s": (0.653297 / (150 * 149 / 2), "docs/perf/graph_matching.md (3447081): set of 150 graphs of "
                  "24 vertices, 11175 pairs in 0.653 s"),
}


def v(name):
    return INPUTS[name][0]


# ---------------------------------------------------------------------------
# Broadcast cost: van de Geijn's scatter + allgather for large messages,
# a binomial tree of latencies. q ranks, m bytes, link bandwidth beta.
# ---------------------------------------------------------------------------
def bcast_time(m, q, alpha, beta):
    if q <= 1 or m <= 0:
        return 0.0
    return math.ceil(math.log2(q)) * alpha + 2.0 * (q - 1) / q * m / beta


class Machine:
    """GPUs, how many per node, and the transport: 'staged' (what fw_grid
    does now: device -> host copy, MPI on host memory, host -> device) or
    'direct' (intended: NCCL / CUDA-aware MPI on device memory)."""

    def __init__(self, name, gpus, per_node, intra_bw, intra_alpha, inter_bw, inter_alpha, staged,
                 update_rate=None, pivot_scale=1.0, mem=None):
        self.name, self.gpus, self.per_node = name, gpus, per_node
        self.intra_bw, self.intra_alpha = intra_bw, intra_alpha
        self.inter_bw, self.inter_alpha = inter_bw, inter_alpha
        self.staged = staged
        self.update_rate = update_rate or phase3_rate()
        self.pivot_scale = pivot_scale
        self.mem = mem or v("h200_mem")

    def link(self, ranks):
        """(alpha, beta) of a communicator of these world ranks: the slowest link it uses."""
        nodes = {r // self.per_node for r in ranks}
        if len(nodes) > 1:
            return self.inter_alpha, self.inter_bw
        return self.intra_alpha, self.intra_bw


def phase3_rate():
    """Relaxations per second of a full GPU of 64-tiles (phase 3 at n = 16384)."""
    return (16384 - 64) ** 2 * 64 / v("phase3_s")


def waves(blocks):
    """Phase-3 blocks run 528 at a time (132 SMs x 4 blocks, docs/perf/floyd_warshall.md)."""
    return max(1, math.ceil(blocks / 528))


def wave_s():
    return v("phase3_s") / waves((16384 // 64 - 1) ** 2)


def update_s(rows, cols, k, rate):
    """C(rows x cols) = min(C, A (min,+) B) with inner size k: relaxations at the
    phase-3 rate, never less than one wave. fw_min_plus's own rate was never
    measured on the H200: the model takes phase 3's (the same computation)."""
    if rows <= 0 or cols <= 0:
        return 0.0
    return max(rows * cols * k / rate, wave_s())


def pivot_s(S):
    """fw_blocked on one S x S block: S/64 rounds of phases 1, 2 and 3."""
    t = S // 64
    return t * (v("phase1_s") + v("phase2_s") + waves((t - 1) ** 2) * wave_s())


def grid_shape(P):
    R = int(math.isqrt(P))
    while P % R:
        R -= 1
    return R, P // R


def grid_block(n, R, C):
    """samples/floyd_warshall fw_kernels.cpp's grid_block: the largest multiple of 64
    (at most 16 tiles) dividing n with two blocks per zone along each axis."""
    nb, most, best = n // 64, max(R, C), 1
    for g in range(1, min(nb, 16) + 1):
        if nb % g == 0 and nb // g >= 2 * most:
            best = g
    return best * 64


def fw_grid(n, m, w=4, S=None, lookahead=True):
    """Predicted time of fw --grid on machine m (P = m.gpus zones, R x C), and its parts per round."""
    P = m.gpus
    R, C = grid_shape(P)
    S = S or grid_block(n, R, C)
    nb = n // S
    lh, lw = math.ceil(nb / R) * S, math.ceil(nb / C) * S  # the largest zone's local rows, columns
    rate = m.update_rate
    # Communicators: a process row is C consecutive ranks; a column is R ranks C apart.
    row_a, row_b = m.link(range(C))
    col_a, col_b = m.link(range(0, P, C))
    piv = pivot_s(S) * m.pivot_scale
    panel_upd = update_s(S, lw, S, rate) + update_s(lh, S, S, rate)  # D(P,J) and D(I,P) with the pivot
    x_bytes, rp_bytes, cp_bytes = S * S * w, S * lw * w, lh * S * w
    t_x = bcast_time(x_bytes, C, row_a, row_b) + bcast_time(x_bytes, R, col_a, col_b)
    t_panels = bcast_time(rp_bytes, R, col_a, col_b) + bcast_time(cp_bytes, C, row_a, row_b)
    stage = 0.0
    if m.staged and P > 1:  # each broadcast array crosses PCIe down and up
        stage = 2 * (x_bytes + rp_bytes + cp_bytes) / v("pcie_pinned")
    t_upd = update_s(lh, lw, S, rate)
    # On the critical path of a round: round P's update of block row and column
    # P + 1 (look-ahead), closing pivot P + 1, its broadcasts, the panels' update
    # with it, the staging copies; then the big update and the panels' broadcasts.
    critical = 2 * panel_upd + piv + t_x + stage
    t_round = critical + (max(t_upd, t_panels) if lookahead else t_upd + t_panels)
    total = nb * t_round
    mem = (lh * lw + 6 * S * (lw + lh) + 2 * S * S) * w  # L, 3 row and 3 column panels, X and T
    recv = x_bytes + rp_bytes + cp_bytes
    return {"n": n, "P": P, "R": R, "C": C, "S": S, "rounds": nb, "pivot_s": piv, "panel_s": panel_upd,
            "bcast_pivot_s": t_x, "bcast_panels_s": t_panels, "stage_s": stage, "update_s": t_upd,
            "round_s": t_round, "time_s": total, "gpu_bytes": mem, "fits": mem <= 0.9 * m.mem,
            "recv_bytes_per_round": recv, "overlap": min(t_upd, t_panels) / max(t_upd, t_panels, 1e-30)}


def fw_one_gpu(n, w=4):
    """The in-core sample on one H200 at its measured kernel rate."""
    return n ** 3 / v("incore_rate")


# ---------------------------------------------------------------------------
# Independent problems: items spread cyclically (or in batches) over P
# zones, one combine at the end.
# ---------------------------------------------------------------------------
def allreduce_s(m_bytes, P, alpha, beta):
    if P <= 1:
        return 0.0
    return 2 * math.ceil(math.log2(P)) * alpha + 2.0 * (P - 1) / P * m_bytes / beta


def zone_loop(items, per_item_s, batch, P, combine_bytes, m, gather=False):
    batches = math.ceil(items / batch)
    mine = math.ceil(batches / P) * batch
    alpha, beta = m.link(range(P))
    comm = allreduce_s(combine_bytes, P, alpha, beta)  # gather of small rows: same order of cost
    if m.staged and P > 1:
        comm += 2 * combine_bytes / v("pcie_pinned")
    t = mine * per_item_s + comm
    t1 = items * per_item_s
    return t, t1 / (P * t)


# ---------------------------------------------------------------------------
def machines(staged):
    nv, ib = (v("host_bcast_bw") if staged else v("nvlink_bw")), v("ib_bw")
    na, ia = v("nvlink_alpha"), v("ib_alpha")
    g = v("gpus_per_node")
    return [Machine("1 node, 8 H200", 8, g, nv, na, ib, ia, staged),
            Machine("64 nodes, 512 H200 (NDR IB)", 64 * g, g, nv, na, ib, ia, staged),
            Machine("1,024 nodes, 8,192 H200 (NDR IB)", 1024 * g, g, nv, na, ib, ia, staged)]


def fmt_s(t):
    if t >= 86400:
        return "%.1f d" % (t / 86400)
    if t >= 3600:
        return "%.1f h" % (t / 3600)
    if t >= 60:
        return "%.1f min" % (t / 60)
    return "%.3g s" % t


def table():
    out = []
    out.append("| machine | transport | n | grid, block | per round: receive per zone | pivot + panels | "
               "broadcasts (pivot; panels) | update | time | efficiency | GPU memory per zone |")
    out.append("|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for staged in (True, False):
        for m in machines(staged):
            for n in (65536, 131072, 262144, 524288, 1048576):
                r = fw_grid(n, m)
                t1 = fw_one_gpu(n)
                eff = t1 / (m.gpus * r["time_s"])
                fit = "%.1f GB" % (r["gpu_bytes"] / 1e9) + ("" if r["fits"] else " (does not fit)")
                out.append("| %s | %s | %d | %d x %d, %d | %.1f MB | %.2f ms | %.2f; %.2f ms | %.2f ms | %s | %s | %s |" % (
                    m.name, "staged" if staged else "direct", n, r["R"], r["C"], r["S"],
                    r["recv_bytes_per_round"] / 1e6, 1e3 * (r["pivot_s"] + 2 * r["panel_s"]),
                    1e3 * r["bcast_pivot_s"], 1e3 * r["bcast_panels_s"], 1e3 * r["update_s"],
                    fmt_s(r["time_s"]), "%.0f %%" % (100 * eff) if r["fits"] else "-", fit))
    out.append("")
    out.append("| workload | items | machine | transport | time | efficiency | start-up allowed for 90 % |")
    out.append("|---|---:|---|---|---:|---:|---:|")
    loops = [("BC, Kronecker scale 22, batched (batch 32)", 1024, v("bc_source_s"), 32, 8 * (1 << 22)),
             ("BC, Kronecker scale 22, all 4,194,304 sources", 1 << 22, v("bc_source_s"), 32, 8 * (1 << 22)),
             ("Johnson, n = 65,536, all sources (batch 128)", 65536, v("johnson_source_s"), 128, 65536 * 24),
             ("graph matching, 150 x 24 set", 11175, v("gm_pair_s"), 1, 11175 * 24 * 4)]
    for name, items, t_item, batch, comb in loops:
        for staged in (True, False):
            for m in machines(staged):
                t, eff = zone_loop(items, t_item, batch, m.gpus, comb, m)
                # Each zone's start-up (graph read or generated, uploaded) is not divided by P
                # and was never measured: the most it may take for 90 % efficiency.
                budget = items * t_item / (0.9 * m.gpus) - t
                out.append("| %s | %d | %s | %s | %s | %.0f %% | %s |" % (
                    name, items, m.name, "staged" if staged else "direct", fmt_s(t), 100 * eff,
                    fmt_s(budget) if budget > 0 else "none"))
    return "\n".join(out)


def sao():
    """Sao et al., HPDC 2021, on Summit: 256 nodes x 6 V100 = 1,536 GPUs, 8.1 PFLOP/s
    at 80 % parallel efficiency and 70 % of peak (the abstract). Per GPU that is
    8.1e15 / 1536 = 5.27 TFLOP/s, 2.64 T relaxations/s if a relaxation is 2 flops.
    The model with that per-GPU rate, NVLink 2 within a node and dual-rail EDR
    between nodes (the OLCF Summit user guide's figures: 50 GB/s per GPU pair of
    NVLink 2 links, 2 x 12.5 GB/s EDR per node, shared by 6 GPUs) and the
    device-direct transport; their sizes were not in the sources this session
    could read, so the model is printed over n."""
    rate = 8.1e15 / 1536 / 2 / 0.8  # per GPU at 100 % efficiency
    out = ["| n | model time on 1,536 V100 | model efficiency | GPU memory per zone |", "|---:|---:|---:|---:|"]
    for n in (131072, 262144, 393216, 524288, 786432, 1048576):
        m = Machine("Summit", 1536, 6, 50e9, v("nvlink_alpha"), 25e9 / 6, v("ib_alpha"), False,
                    update_rate=rate, pivot_scale=v("incore_rate") / rate, mem=16e9)
        r = fw_grid(n, m)
        t1 = n ** 3 / rate
        out.append("| %d | %s | %.0f %% | %.1f GB%s |" % (n, fmt_s(r["time_s"]), 100 * t1 / (1536 * r["time_s"]),
                                                      r["gpu_bytes"] / 1e9, "" if r["fits"] else " (over 16 GB)"))
    return "\n".join(out)


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else float("nan")


def fit_bcast(files):
    """alpha and beta of bcast_time per rank count from bench/model/bcast_time's lines:
    alpha from the messages up to 512 bytes, beta the median over messages of
    256 KiB and more (robust to the outliers of a shared, oversubscribed host)."""
    rows = {}
    for f in files:
        for line in open(f):
            p = line.split()
            if len(p) == 3:
                rows.setdefault(int(p[1]), []).append((int(p[0]), float(p[2])))
    out = ["| ranks | bytes | measured | model (fitted alpha, beta) |", "|---:|---:|---:|---:|"]
    for q, pts in sorted(rows.items()):
        steps = max(1, math.ceil(math.log2(q)))
        alpha = median([t for b, t in pts if b <= 512]) / steps
        beta = median([2.0 * (q - 1) / q * b / max(t - steps * alpha, 1e-12) for b, t in pts if b >= 1 << 18])
        for b, t in sorted(pts):
            out.append("| %d | %d | %.3g s | %.3g s |" % (q, b, t, bcast_time(b, q, alpha, beta)))
        out.append("| %d | fitted | alpha = %.3g s | beta = %.3g GB/s |" % (q, alpha, beta / 1e9))
    return "\n".join(out)


def zone_bytes(n, S, R, C, r, c, w=4):
    """Bytes zone (r, c) takes part in over all broadcasts of a run: the
    pivot block in the rounds whose pivot is in its process row or column,
    the row and column panels (its width and height) in every round."""
    nb = n // S
    lh = len(range(r, nb, R)) * S
    lw = len(range(c, nb, C)) * S
    return sum(w * (S * S * ((p % R == r) + (p % C == c)) + S * lw + lh * S) for p in range(nb))


def bytes_check(n, S, R, C, path):
    """The model's bytes per zone against a run's: a --json file (zone 0's
    grid_bytes_sent, the runtime's counter) or the stderr of a run with
    bench/model/count_bcast preloaded (every rank's MPI_Bcast/MPI_Ibcast bytes)."""
    text = open(path).read()
    counted = {}
    if text.lstrip().startswith("{"):
        counted[0] = json.loads(text)["grid_bytes_sent"]
    for line in text.splitlines():
        p = line.split()
        if line.startswith("count_bcast: rank"):
            counted[int(p[2].rstrip(":"))] = float(p[5])
    out = ["| zone | process row, column | model bytes | counted bytes | ratio |", "|---:|---|---:|---:|---:|"]
    for z in sorted(counted):
        model = zone_bytes(n, S, R, C, z // C, z % C)
        out.append("| %d | %d, %d | %d | %d | %.4f |" % (z, z // C, z % C, model, counted[z], counted[z] / model))
    return "\n".join(out)


def main(argv):
    # NAME=VALUE arguments replace an input (e.g. host_bcast_bw=2e9).
    for a in [a for a in argv[1:] if "=" in a]:
        k, val = a.split("=", 1)
        if k not in INPUTS:
            print("unknown input '%s' (scaling.py inputs lists them)" % k)
            return 2
        INPUTS[k] = (float(val), "given on the command line")
        argv.remove(a)
    if len(argv) < 2 or argv[1] == "table":
        print(table())
    elif argv[1] == "bcast":
        print(fit_bcast(argv[2:]))
    elif argv[1] == "bytes":
        print(bytes_check(int(argv[2]), int(argv[3]), int(argv[4]), int(argv[5]), argv[6]))
    elif argv[1] == "sao":
        print(sao())
    elif argv[1] == "inputs":
        for k, (val, src) in INPUTS.items():
            print("| %s | %.4g | %s |" % (k, val, src))
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
