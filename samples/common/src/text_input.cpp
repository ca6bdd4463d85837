// File input/output with optional gzip (zlib), and the line cursor used by
// all text readers.
#include "text_input.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#if HY_GRAPH_HAVE_ZLIB
#include <zlib.h>
#endif

namespace hy::graph::detail {

bool has_zlib() { return HY_GRAPH_HAVE_ZLIB != 0; }

static bool ends_with(const std::string& s, const char* suf) {
  std::size_t n = std::strlen(suf);
  return s.size() >= n && s.compare(s.size() - n, n, suf) == 0;
}

std::string read_file(const std::string& path) {
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) throw format_error(path, 0, std::string("cannot open: ") + std::strerror(errno));
  std::string data;
  char buf[1 << 16];
  std::size_t k;
  while ((k = std::fread(buf, 1, sizeof buf, f.get())) > 0) data.append(buf, k);
  if (std::ferror(f.get())) throw format_error(path, 0, "read error");
  bool gz = data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f &&
            static_cast<unsigned char>(data[1]) == 0x8b;
  if (!gz) return data;
#if HY_GRAPH_HAVE_ZLIB
  std::string out;
  z_stream zs{};
  if (inflateInit2(&zs, 15 + 32) != Z_OK) throw format_error(path, 0, "zlib init failed");
  zs.next_in = reinterpret_cast<Bytef*>(data.data());
  zs.avail_in = static_cast<uInt>(data.size());
  int rc = Z_OK;
  while (rc != Z_STREAM_END) {
    zs.next_out = reinterpret_cast<Bytef*>(buf);
    zs.avail_out = sizeof buf;
    rc = inflate(&zs, Z_NO_FLUSH);
    if (rc == Z_STREAM_END && zs.avail_in > 0) {  // concatenated gzip members
      out.append(buf, sizeof buf - zs.avail_out);
      inflateReset(&zs);
      rc = Z_OK;
      continue;
    }
    if (rc != Z_OK && rc != Z_STREAM_END) {
      inflateEnd(&zs);
      throw format_error(path, 0,
                         rc == Z_BUF_ERROR ? "truncated gzip data" : "corrupt gzip data");
    }
    out.append(buf, sizeof buf - zs.avail_out);
  }
  inflateEnd(&zs);
  return out;
#else
  throw format_error(path, 0, "gzip input needs zlib, which this build lacks");
#endif
}

void write_file(const std::string& path, std::string_view bytes) {
  if (ends_with(path, ".gz")) {
#if HY_GRAPH_HAVE_ZLIB
    gzFile g = gzopen(path.c_str(), "wb6");
    if (!g) throw format_error(path, 0, std::string("cannot create: ") + std::strerror(errno));
    std::size_t done = 0;
    while (done < bytes.size()) {
      unsigned chunk = static_cast<unsigned>(std::min<std::size_t>(bytes.size() - done, 1u << 30));
      if (gzwrite(g, bytes.data() + done, chunk) != static_cast<int>(chunk)) {
        gzclose(g);
        throw format_error(path, 0, "gzip write failed");
      }
      done += chunk;
    }
    if (gzclose(g) != Z_OK) throw format_error(path, 0, "gzip write failed");
    return;
#else
    throw format_error(path, 0, "gzip output needs zlib, which this build lacks");
#endif
  }
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "wb"), &std::fclose);
  if (!f) throw format_error(path, 0, std::string("cannot create: ") + std::strerror(errno));
  if (std::fwrite(bytes.data(), 1, bytes.size(), f.get()) != bytes.size())
    throw format_error(path, 0, "write failed");
  if (std::fclose(f.release()) != 0) throw format_error(path, 0, "write failed");
}

bool line_reader::next() {
  if (pos_ >= text_.size()) return false;
  std::size_t e = text_.find('\n', pos_);
  if (e == std::string_view::npos) e = text_.size();
  line_ = text_.substr(pos_, e - pos_);
  if (!line_.empty() && line_.back() == '\r') line_.remove_suffix(1);
  pos_ = e + 1;
  ++number_;
  fields_.clear();
  return true;
}

const std::vector<std::string_view>& line_reader::fields() {
  if (!fields_.empty()) return fields_;
  std::size_t i = 0, n = line_.size();
  while (i < n) {
    while (i < n && (line_[i] == ' ' || line_[i] == '\t')) ++i;
    std::size_t b = i;
    while (i < n && line_[i] != ' ' && line_[i] != '\t') ++i;
    if (i > b) fields_.push_back(line_.substr(b, i - b));
  }
  return fields_;
}

}  // namespace hy::graph::detail
