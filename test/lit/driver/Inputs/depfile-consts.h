// A header whose constant shapes the translated loop (test/lit/driver/depfile.cpp).
#pragma once
constexpr int kRows = 8;
