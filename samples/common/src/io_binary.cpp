// Binary CSR cache (.hyg): raw arrays behind a fixed header, checked on load
// (sizes against the file length, then the CSR invariants).
#include "hy_graph/io_binary.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>

#include "instantiate.hpp"
#include "text_input.hpp"

namespace hy::graph {

namespace {

constexpr char kMagic[8] = {'H', 'Y', 'G', 'R', 'A', 'P', 'H', '\0'};
constexpr std::uint32_t kVersion = 1;
constexpr std::uint32_t kByteOrder = 0x01020304;

struct header {
  char magic[8];
  std::uint32_t version;
  std::uint32_t weight_type;
  std::uint32_t flags;
  std::uint32_t byte_order;
  std::int64_t n;
  std::int64_t m;
};
static_assert(sizeof(header) == 40, "unexpected header padding");
// The header is 40 bytes; 8 more reserved bytes (zero) make it 48.
constexpr std::size_t kHeaderBytes = 48;

template <class W>
constexpr std::uint32_t weight_code() {
  if constexpr (std::is_same_v<W, std::int32_t>) return 1;
  if constexpr (std::is_same_v<W, float>) return 2;
  return 3;
}
std::size_t weight_size(std::uint32_t code) { return code == 1 || code == 2 ? 4 : 8; }
const char* weight_name(std::uint32_t code) {
  return code == 1 ? "int32" : code == 2 ? "float" : "double";
}

// Reads from a FILE* or, for gzip files, from memory.
class byte_source {
 public:
  explicit byte_source(const std::string& path) : path_(path), f_(nullptr, &std::fclose) {
    f_.reset(std::fopen(path.c_str(), "rb"));
    if (!f_) throw format_error(path, 0, std::string("cannot open: ") + std::strerror(errno));
    unsigned char m[2] = {0, 0};
    std::size_t k = std::fread(m, 1, 2, f_.get());
    if (k == 2 && m[0] == 0x1f && m[1] == 0x8b) {
      f_.reset();
      mem_ = detail::read_file(path);
      size_ = mem_.size();
    } else {
      std::fseek(f_.get(), 0, SEEK_END);
      size_ = static_cast<std::size_t>(std::ftell(f_.get()));
      std::fseek(f_.get(), 0, SEEK_SET);
    }
  }
  std::size_t size() const { return size_; }
  void read(void* dst, std::size_t bytes) {
    if (pos_ + bytes > size_) throw format_error(path_, 0, "truncated binary graph");
    if (f_) {
      if (std::fread(dst, 1, bytes, f_.get()) != bytes) throw format_error(path_, 0, "read error");
    } else {
      std::memcpy(dst, mem_.data() + pos_, bytes);
    }
    pos_ += bytes;
  }

 private:
  std::string path_;
  std::unique_ptr<FILE, int (*)(FILE*)> f_;
  std::string mem_;
  std::size_t size_ = 0, pos_ = 0;
};

template <class From, class W>
void read_weights(byte_source& src, std::vector<W>& out, std::size_t m) {
  if constexpr (std::is_same_v<From, W>) {
    src.read(out.data(), m * sizeof(W));
  } else {
    std::vector<From> tmp(m);
    src.read(tmp.data(), m * sizeof(From));
    for (std::size_t i = 0; i < m; ++i) out[i] = static_cast<W>(tmp[i]);
  }
}

}  // namespace

template <class W>
void write_binary(const std::string& path, const csr<W>& g) {
  header h{};
  std::memcpy(h.magic, kMagic, 8);
  h.version = kVersion;
  h.weight_type = weight_code<W>();
  h.flags = (g.directed ? 1u : 0u) | (g.weighted ? 2u : 0u);
  h.byte_order = kByteOrder;
  h.n = g.n;
  h.m = g.num_arcs();
  std::string bytes(kHeaderBytes, '\0');
  std::memcpy(bytes.data(), &h, sizeof h);
  auto append = [&](const void* p, std::size_t k) {
    bytes.append(static_cast<const char*>(p), k);
  };
  append(g.offsets.data(), g.offsets.size() * sizeof(eid));
  append(g.cols.data(), g.cols.size() * sizeof(vid));
  append(g.weights.data(), g.weights.size() * sizeof(W));
  detail::write_file(path, bytes);
}

template <class W>
csr<W> read_binary(const std::string& path) {
  byte_source src(path);
  if (src.size() < kHeaderBytes)
    throw format_error(path, 0, "truncated binary graph: " + std::to_string(src.size()) +
                                    " bytes, the header alone needs 48");
  char raw[kHeaderBytes];
  src.read(raw, kHeaderBytes);
  header h;
  std::memcpy(&h, raw, sizeof h);
  const bool reserved_zero =
      std::all_of(raw + sizeof h, raw + kHeaderBytes, [](char c) { return c == 0; });
  if (std::memcmp(h.magic, kMagic, 8) != 0)
    throw format_error(path, 0, "not a hy_graph binary file (bad magic)");
  if (h.byte_order != kByteOrder)
    throw format_error(path, 0, "binary graph written on a machine of other byte order");
  if (h.version != kVersion)
    throw format_error(path, 0, "unsupported binary graph version " + std::to_string(h.version));
  if (!reserved_zero) throw format_error(path, 0, "corrupt binary graph header (reserved bytes)");
  if (h.weight_type < 1 || h.weight_type > 3)
    throw format_error(path, 0, "unknown weight type code " + std::to_string(h.weight_type));
  if (h.n < 0 || h.n >= std::numeric_limits<vid>::max() || h.m < 0)
    throw format_error(path, 0, "bad sizes n=" + std::to_string(h.n) + " m=" + std::to_string(h.m));
  const std::uint32_t code = h.weight_type, want = weight_code<W>();
  const bool exact = code == want || (code == 1 && want != 1) || (code == 2 && want == 3);
  if (!exact)
    throw format_error(path, 0, std::string("stores ") + weight_name(code) +
                                    " weights, which do not convert exactly to " +
                                    weight_name(want));
  // Size check before allocating anything (a corrupt m must not allocate).
  const unsigned __int128 expect = static_cast<unsigned __int128>(kHeaderBytes) +
                                   static_cast<unsigned __int128>(h.n + 1) * sizeof(eid) +
                                   static_cast<unsigned __int128>(h.m) *
                                       (sizeof(vid) + weight_size(code));
  if (expect != src.size())
    throw format_error(path, 0,
                       std::string(expect > src.size() ? "truncated" : "oversized") +
                           " binary graph: header says n=" + std::to_string(h.n) +
                           " m=" + std::to_string(h.m) + ", file has " +
                           std::to_string(src.size()) + " bytes");
  csr<W> g;
  g.n = static_cast<vid>(h.n);
  g.directed = h.flags & 1u;
  g.weighted = h.flags & 2u;
  const auto m = static_cast<std::size_t>(h.m);
  g.offsets.resize(static_cast<std::size_t>(h.n) + 1);
  g.cols.resize(m);
  g.weights.resize(m);
  src.read(g.offsets.data(), g.offsets.size() * sizeof(eid));
  src.read(g.cols.data(), m * sizeof(vid));
  if (code == 1) read_weights<std::int32_t>(src, g.weights, m);
  else if (code == 2) read_weights<float>(src, g.weights, m);
  else read_weights<double>(src, g.weights, m);
  try {
    validate(g);
  } catch (const std::invalid_argument& e) {
    throw format_error(path, 0, std::string("corrupt binary graph: ") + e.what());
  }
  return g;
}

#define INST(W)                                                        \
  template void write_binary<W>(const std::string&, const csr<W>&);   \
  template csr<W> read_binary<W>(const std::string&);
HY_GRAPH_FOR_EACH_WEIGHT(INST)

}  // namespace hy::graph
