// Helpers for the graph toolkit tests: expect a format_error with an exact
// message, temporary file paths, input file paths.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "hy_graph/types.hpp"

#define EXPECT_FORMAT_ERROR(stmt, message)                                   \
  do {                                                                       \
    try {                                                                    \
      stmt;                                                                  \
      ADD_FAILURE() << "no format_error from " #stmt;                        \
    } catch (const hy::graph::format_error& e) {                            \
      EXPECT_EQ(std::string(e.what()), std::string(message));                \
    }                                                                        \
  } while (0)

inline std::string input_path(const std::string& name) {
  return std::string(HY_GRAPH_TEST_INPUTS) + "/" + name;
}

inline std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "hy_graph_" +
         ::testing::UnitTest::GetInstance()->current_test_info()->name() + "_" + name;
}
