// Inputs read whole, bounded: a regular file's size is checked before it is read; anything else
// (standard input, a pipe, a FIFO, a device such as /dev/zero) is read once, in a stream, and refused
// as soon as it passes the limit. A FIFO no process opens for writing within kFifoWriterSeconds is
// refused rather than waited on forever. A read that fails part way (an I/O error, memory refused)
// is an error, never a shorter input.
#pragma once

#include <fstream>
#include <string>

namespace palcheck::oracle {

/// The whole text of a file, or of standard input for "-", at most kMaxWholeInputBytes; InputError
/// naming the file otherwise (a folder, a file that cannot be opened, too large, a failed read).
std::string read_source(const std::string& path);

/// A file opened to be read as a stream (binary); InputError worded as read_source's when it cannot be.
std::ifstream open_input(const std::string& path);

}  // namespace palcheck::oracle
