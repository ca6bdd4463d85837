// capture_stdout: runs a function with the process's stdout (file
// descriptor 1) sent to a temporary file and returns what it printed. Our
// Gardenia drivers use it to read the time and the values Gardenia's
// solvers print (its own timer, "runtime [...] = X ms"; BC's max_score)
// without changing Gardenia's code.
#pragma once
#include <cstdio>
#include <stdexcept>
#include <string>
#include <unistd.h>

template <class F>
std::string capture_stdout(F &&f) {
  std::fflush(stdout);
  const int saved = dup(1);
  std::FILE *tmp = std::tmpfile();
  if (saved < 0 || !tmp || dup2(fileno(tmp), 1) < 0)
    throw std::runtime_error("capture_stdout: cannot redirect stdout");
  f();
  std::fflush(stdout);
  dup2(saved, 1);
  close(saved);
  std::string text;
  std::rewind(tmp);
  char buf[4096];
  for (std::size_t k; (k = std::fread(buf, 1, sizeof buf, tmp)) > 0;)
    text.append(buf, k);
  std::fclose(tmp);
  return text;
}

// The number after `key` in text (the last occurrence), or -1.
inline double value_after(const std::string &text, const std::string &key) {
  const std::size_t at = text.rfind(key);
  if (at == std::string::npos)
    return -1;
  return std::strtod(text.c_str() + at + key.size(), nullptr);
}
