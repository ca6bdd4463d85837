// Command-line parsing for the samples: a small option parser a sample
// extends with its own options, and `sample_cli`, which registers the
// options every sample shares (input/generator, weights, verify, timing...).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "hy_graph/generators.hpp"
#include "hy_graph/io.hpp"

namespace hy::graph {

// Unknown option, missing or bad value, conflicting options.
class usage_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class option_parser {
 public:
  using action = std::function<void(const std::vector<std::string>&)>;

  option_parser(std::string program, std::string summary);
  virtual ~option_parser() = default;

  // An option "--name" taking `arity` values (0 = flag). `metavar` names the
  // values in the help text. The action may throw usage_error or
  // std::invalid_argument (reported as a bad value for this option).
  void add(const std::string& name, int arity, const std::string& metavar, const std::string& help,
           action act);
  void add_flag(const std::string& name, const std::string& help, bool& target);
  void add_string(const std::string& name, const std::string& metavar, const std::string& help,
                  std::string& target);
  void add_int(const std::string& name, const std::string& metavar, const std::string& help,
               std::int64_t& target, std::int64_t min = INT64_MIN, std::int64_t max = INT64_MAX);
  void add_double(const std::string& name, const std::string& metavar, const std::string& help,
                  double& target);
  // Gives an option registered before (e.g. by sample_cli) a new help text
  // and action: a sample that accepts more than the common meaning.
  void replace(const std::string& name, const std::string& help, action act);
  // Arguments that are not options go to `act` one at a time (without
  // this, such an argument is an error), e.g. an input file.
  void set_positional(const std::string& metavar, const std::string& help, action act);
  // Adds --version, which prints `text` (a line) and makes parse return false.
  void set_version(std::string text);

  // Parses argv[1..]. Accepts "--name v1 v2" and, for one value, "--name=v".
  // Returns false if --help or --version was given (text written to
  // help_out). Throws usage_error on errors.
  bool parse(int argc, const char* const* argv, std::ostream& help_out);
  bool parse(int argc, const char* const* argv);
  // Whether the command line named --name (after parse).
  bool given(const std::string& name) const;

  std::string help() const;

 protected:
  // Called after all options are parsed; samples override to check
  // combinations (call the base version).
  virtual void validate() {}

 private:
  struct option {
    std::string name, metavar, help;
    int arity;
    action act;
  };
  option* find(const std::string& name);
  std::string program_, summary_, version_;
  std::vector<option> options_;
  std::vector<std::string> given_;
  std::string positional_metavar_, positional_help_;
  action positional_;
};

// Strict number parsing for option values (whole string, in range).
std::int64_t parse_int_value(const std::string& s);
double parse_double_value(const std::string& s);

// "--generate kind:key=value,key=value".
struct generator_spec {
  std::string kind;  // rmat, ba, er, grid, dense
  std::vector<std::pair<std::string, std::string>> params;
  // Checks the kind, the known keys of each kind and required keys.
  static generator_spec parse(const std::string& s);
  bool has(const std::string& key) const;
  std::string get(const std::string& key, const std::string& fallback) const;
};

// The options every sample shares.
struct graph_options {
  std::string input;           // --input FILE
  std::string format = "auto"; // --format NAME
  bool one_based = false;      // --one-based (edge lists)
  std::string generate;        // --generate SPEC
  weight_spec weights;         // --weights int:W|real
  bool weights_given = false;
  std::optional<bool> directed;  // --directed / --undirected (default: the source's)
  edge_policy policy;          // --self-loops keep|drop, --duplicates keep|drop|min
  std::int64_t sources = 1;    // --sources K | random:K (| the list's length)
  std::vector<std::int64_t> source_list;  // --sources V,V,... (0-based)
  std::uint64_t seed = 1;      // --seed S (sources, weights of unweighted files)
  bool verify = false;         // --verify
  std::int64_t repeat = 1;     // --repeat N
  bool json = false;           // --json
  bool progress = false;       // --progress (also on when stderr is a tty)
};

class sample_cli : public option_parser {
 public:
  sample_cli(std::string program, std::string summary);
  graph_options common;

 protected:
  void validate() override;  // exactly one of --input / --generate
};

// Builds the graph the options describe (reads or generates it, applies
// --weights to unweighted inputs, --directed/--undirected).
template <class W>
edge_list<W> load_edge_list(const graph_options& o);
template <class W>
csr<W> load_csr(const graph_options& o);  // applies o.policy
// Dense n x n matrix; a "dense:" generator fills it directly.
template <class W>
dense_matrix<W> load_dense(const graph_options& o);
// The entries of that matrix one by one, when load_dense generates it
// directly (a directed "dense:" generator); nothing for other inputs. For
// a process that holds only some blocks of the matrix.
template <class W>
std::optional<dense_entries<W>> dense_source(const graph_options& o);
// Generator only (used by load_* and the tool).
template <class W>
edge_list<W> generate(const generator_spec& g, const weight_spec& ws);

// k distinct source vertices with out-degree > 0 (fewer if the graph has
// fewer), chosen deterministically from the seed, in the order drawn.
template <class W>
std::vector<vid> pick_sources(const csr<W>& g, std::int64_t k, std::uint64_t seed);
// The sources the options name: their --sources list (each checked to be a
// vertex of g; usage_error otherwise), else pick_sources(g, sources, seed).
template <class W>
std::vector<vid> pick_sources(const csr<W>& g, const graph_options& o);

}  // namespace hy::graph
