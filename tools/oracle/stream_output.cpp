// The writing half of the streamed eval (see stream_output.h).
#include "tools/oracle/stream_output.h"

#include "tools/oracle/atomic_write.h"
#include "tools/oracle/json_input.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace palcheck::oracle {

namespace {

// One value as format_outputs writes it in CSV (canonical fraction or %.17g): from `scaled` (the
// output times 2^scale) when the measure is integral, else from the run.
void append_value(std::string& out, const KeyedRun& run, const KeyedMeasure& keyed, ValueKind kind,
                  const __int128* scaled, Finite& finite) {
  if (kind == ValueKind::Exact) {
    out += scaled ? dyadic_text(*scaled, keyed.scale()) : to_string(run.exact());
    return;
  }
  char buf[32];
  double value = scaled ? dyadic_to_double(*scaled, keyed.scale()) : run.nearest_double();
  if (!std::isfinite(value)) finite = Finite::NotAll;
  auto r = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::general, 17);
  out.append(buf, r.ptr);
}

}  // namespace

OutputFile::OutputFile(const std::string& path)
    : path_(path), temp_(temporary_for(path)), out_(temp_, std::ios::binary | std::ios::trunc) {
  if (!out_) throw InputError(path + ": cannot write (cannot create " + temp_ + ")");
}

OutputFile::~OutputFile() {
  if (!done_) std::remove(temp_.c_str());
  temporary_done();
}

void OutputFile::commit() {
  out_.close();
  if (!out_) throw InputError(path_ + ": write failed");
  if (std::rename(temp_.c_str(), path_.c_str()) != 0)
    throw InputError(path_ + ": cannot rename the temporary file into place");
  done_ = true;
}

Finite run_keys(const KeyedMeasure& keyed, ValueKind kind, KeyedRun& run, const int* keys, std::size_t count,
                bool first_of_row, double* values, std::string* text) {
  constexpr std::size_t kBlock = 1024;
  __int128 scaled[kBlock];
  bool integral = keyed.integral();
  Finite finite = Finite::All;
  for (std::size_t first = 0; first < count; first += kBlock) {
    std::size_t block = std::min(kBlock, count - first);
    if (integral) run.step_scaled(keys + first, block, scaled);
    for (std::size_t k = 0; k < block; ++k) {
      if (!integral) run.step(keys[first + k]);
      if (!text) {
        double value = integral ? dyadic_to_double(scaled[k], keyed.scale()) : run.nearest_double();
        if (!std::isfinite(value)) finite = Finite::NotAll;
        values[first + k] = value;
        continue;
      }
      if (!(first_of_row && first + k == 0)) *text += ',';
      append_value(*text, run, keyed, kind, integral ? &scaled[k] : nullptr, finite);
    }
  }
  return finite;
}

}  // namespace palcheck::oracle
