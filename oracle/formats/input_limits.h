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

/// Cells of a grid's table of sums, (L + 1)^2 (oracle/keyed/staircase_table.h): a CSV or .npy grid
/// matrix of L rows is refused before a larger table is allocated. A relay list has no table of the
/// square of its thresholds (its sums are a tree of O(R log R) nodes), hence no such limit.
inline constexpr std::size_t kMaxTableCells = std::size_t{1} << 26;

/// The largest grid a table of kMaxTableCells sums holds (JSON grids: 4,096).
inline constexpr std::size_t kMaxGridL = 8191;
static_assert((kMaxGridL + 1) * (kMaxGridL + 1) <= kMaxTableCells && (kMaxGridL + 2) * (kMaxGridL + 2) > kMaxTableCells);

/// Bytes of one reply line of a fuzz-impl command (its outputs for one case).
inline constexpr std::size_t kMaxReplyBytes = std::size_t{64} << 20;

}  // namespace palcheck::oracle
