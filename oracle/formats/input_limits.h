// Every limit palcheck's readers hold untrusted input to, in one place: docs/hardening.md shows
// this table (a test compares the two). Each is checked before the memory it bounds is allocated,
// and a file beyond one is refused with a message naming the file, the field and the limit (exit 2).
#pragma once

#include "reference/rational.h"

#include <cstddef>

namespace palcheck::oracle {

/// Bytes of an input read whole (JSON documents, measures, projections, compare's actual outputs,
/// shard, run and replay files, and any input that is not a regular file: standard input, a pipe, a
/// FIFO, a device). Larger inputs are read in a stream from regular files only (eval's --inputs).
inline constexpr std::size_t kMaxWholeInputBytes = std::size_t{256} << 20;

/// Seconds a FIFO input may go without a process opening it for writing before the read fails.
inline constexpr int kFifoWriterSeconds = 30;

/// The deepest nesting of lists and objects a JSON input may have (eval's deepest is 5, verify's 6).
inline constexpr std::size_t kMaxJsonDepth = 64;

/// Characters of one exact number's text (sign, digits, point, exponent, "/"): a double's exact
/// decimal value has at most 767 significant digits; reference/rational.h's kMaxNumberChars.
inline constexpr std::size_t kMaxNumberText = kMaxNumberChars;

/// The decimal exponent of an exact number: reference/rational.h's kMaxDecimalExponent.
inline constexpr long kMaxExponent = kMaxDecimalExponent;

/// Bytes of one CSV cell, quotes and blanks included: room for the longest exact number
/// (kMaxNumberText) with blanks around it, and what a header name or a cell in error may cost.
inline constexpr std::size_t kMaxCsvCellBytes = std::size_t{1} << 20;

/// Elements a .npy header may declare (and the largest size of one dimension).
inline constexpr std::size_t kMaxNpyElements = std::size_t{1} << 32;

/// Rows an empty 2-D .npy array (shape (n, 0)) may declare: its rows cost memory but no bytes.
inline constexpr std::size_t kMaxNpyEmptyRows = std::size_t{1} << 16;

/// Cells of a measure's table of sums, (distinct thresholds + 1)^2: the exact reference and the fast
/// path each keep one (reference/memory_pal.h, keyed_pal.h), so a measure is refused before a table
/// past this is allocated: about 8,190 distinct thresholds, a grid of L <= 8,190 (JSON grids: 4,096).
inline constexpr std::size_t kMaxTableCells = std::size_t{1} << 26;

/// Bytes of one reply line of a fuzz-impl command (its outputs for one case).
inline constexpr std::size_t kMaxReplyBytes = std::size_t{64} << 20;

}  // namespace palcheck::oracle
