// def:pal:grid: the plain baseline as a whole process, for timing against `palcheck eval` with
// /usr/bin/time: plain_eval GRID.npy DELTA_EXPONENT INPUTS.npy OUTPUT.npy evaluates a float64
// L x L grid with spacing 2^DELTA_EXPONENT over 1-D float64 inputs from the initial state 0.
#include "tools/bench/plain_pal.h"

#include <cstdio>
#include <exception>
#include <string>

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: plain_eval GRID.npy DELTA_EXPONENT INPUTS.npy OUTPUT.npy\n");
    return 2;
  }
  try {
    palcheck::bench::plain_eval_npy(argv[1], std::stoi(argv[2]), argv[3], argv[4]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  return 0;
}
