// Writing hyc's output files (DriverSupport.h): all or nothing, checked to
// the last byte (a full disk is an error message, not a crash), and never
// over or instead of the input file. Its errors, and the driver's, go
// through driverError (standard error, or the SARIF log).
#include "hy/DriverSupport.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hy {

namespace {

bool sameFile(const std::string &a, const std::string &b) {
  if (a == b)
    return true;
  bool same = false;
  return !sys::fs::equivalent(a, b, same) && same;
}

bool isStream(const OutputFile &f) { return f.path.empty() || f.path == "-"; }

// A path that names something other than a regular file (/dev/null, a
// pipe): written in place, since no file can be renamed onto it.
bool special(const std::string &path) {
  sys::fs::file_status st;
  return !sys::fs::status(path, st) && sys::fs::exists(st) &&
         st.type() != sys::fs::file_type::regular_file;
}

const std::function<void(const std::string &)> *errorSink = nullptr;

bool fail(const std::string &path, const std::string &why) {
  driverError("cannot write '" + path + "': " + why);
  return false;
}

// Writes and closes; false (after the message) on any error, also one
// that only shows when the data is flushed (a full disk).
bool writeFile(const std::string &path, const std::string &shownPath, const std::string &text) {
  std::error_code ec;
  raw_fd_ostream os(path, ec);
  if (ec)
    return fail(shownPath, ec.message());
  os << text;
  os.close();
  if (os.has_error()) {
    std::string why = os.error().message();
    os.clear_error();
    return fail(shownPath, why);
  }
  return true;
}

bool writeStream(raw_fd_ostream &os, const char *name, const std::string &text) {
  os << text;
  os.flush();
  if (os.has_error()) {
    std::string why = os.error().message();
    os.clear_error();
    driverError(std::string("cannot write ") + name + ": " + why);
    return false;
  }
  return true;
}

} // namespace

void driverError(const std::string &text) {
  if (errorSink)
    (*errorSink)(text);
  else
    errs() << "hyc: error: " << text << "\n";
}

DriverErrorSink::DriverErrorSink(std::function<void(const std::string &)> sink)
    : sink(std::move(sink)), saved(errorSink) {
  errorSink = &this->sink;
}
DriverErrorSink::~DriverErrorSink() { errorSink = saved; }

std::string checkOutputPaths(const std::string &input, const std::vector<OutputFile> &files) {
  for (size_t i = 0; i < files.size(); ++i) {
    if (isStream(files[i]))
      continue;
    if (sys::fs::exists(input) && sameFile(input, files[i].path))
      return "the output file '" + files[i].path +
             "' is the input file; choose another output file";
    for (size_t j = 0; j < i; ++j)
      if (!isStream(files[j]) && sameFile(files[i].path, files[j].path))
        return "'" + files[i].path +
               "' is given as two outputs (translation, report, dependency file)";
  }
  return "";
}

bool writeOutputs(const std::vector<OutputFile> &files) {
  // Files first, into temporaries; streams only once every file is written.
  std::vector<std::pair<std::string, std::string>> done; // temporary -> final
  bool ok = true;
  for (const OutputFile &f : files) {
    if (isStream(f) || !ok)
      continue;
    if (special(f.path)) {
      ok = writeFile(f.path, f.path, *f.text);
      continue;
    }
    SmallString<256> model(f.path);
    model += ".hyc-%%%%%%";
    int fd;
    SmallString<256> tmp;
    if (std::error_code ec = sys::fs::createUniqueFile(model, fd, tmp)) {
      ok = fail(f.path, ec.message());
      continue;
    }
    sys::fs::closeFile(fd);
    done.push_back({std::string(tmp), f.path});
    ok = writeFile(std::string(tmp), f.path, *f.text);
  }
  for (auto &[tmp, path] : done) {
    if (ok)
      if (std::error_code ec = sys::fs::rename(tmp, path))
        ok = fail(path, ec.message());
    if (!ok)
      sys::fs::remove(tmp);
  }
  if (!ok) {
    for (auto &[tmp, path] : done)
      sys::fs::remove(path);
    return false;
  }
  for (const OutputFile &f : files)
    if (isStream(f) && !writeStream(f.toStderr ? errs() : outs(),
                                    f.toStderr ? "standard error" : "standard output", *f.text))
      return false;
  return true;
}

void removeOutputs(const std::string &input, const std::vector<OutputFile> &files) {
  for (const OutputFile &f : files)
    if (!isStream(f) && !special(f.path) && !sameFile(input, f.path))
      sys::fs::remove(f.path);
}

} // namespace hy
