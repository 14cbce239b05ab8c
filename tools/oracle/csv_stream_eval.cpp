// CSV inputs streamed (see csv_stream_eval.h). Lines are taken in order by one reader, parsed to
// rank keys and evaluated on the worker threads (ordered_stream), and written in order. Errors
// keep the whole-batch path's precedence: a bad cell (parse_csv's message, the first in the file)
// is thrown at once; a row .npy cannot hold or a value with no finite double (format_outputs'
// checks, the first in row order) is remembered and thrown after the last row, so a bad cell
// after it still wins.
#include "tools/oracle/csv_stream_eval.h"

#include "tools/oracle/csv_format.h"
#include "tools/oracle/json_input.h"
#include "tools/oracle/npy_format.h"
#include "tools/oracle/parallel.h"
#include "tools/oracle/stream_output.h"

#include <algorithm>
#include <fstream>
#include <optional>

namespace palcheck::oracle {

namespace {

// Values per part: small enough that a few parts per thread are in flight on a file of a few MB.
constexpr std::size_t kPartValues = std::size_t{1} << 16;

// One part of rows: the lines as read, then their keys' outputs as .npy doubles or CSV text.
struct Part {
  std::vector<std::string> lines;  // the first `count` are this part's (capacity kept across parts)
  std::vector<std::size_t> line_nos;
  std::size_t count = 0;
  std::size_t consumed = 0;  // bytes of the file read once this part was taken
  std::vector<int> keys;
  std::vector<double> values;
  std::vector<std::size_t> lengths;
  std::vector<Finite> finite;
  std::string text;
};

// Rows and the cells of the first row, read by the rules of the streamed pass but without parsing
// a value: the .npy header comes before the data.
std::pair<std::size_t, std::size_t> csv_shape(std::istream& in, const std::string& source, CsvHeader header) {
  CsvRowReader reader(in, source, header);
  std::size_t rows = 0, cols = 0;
  std::string line;
  std::size_t line_no = 0;
  for (; reader.next(line, line_no); ++rows)
    if (rows == 0) cols = csv_cell_count(line);
  return {rows, cols};
}

}  // namespace

void stream_evaluate_csv(const StreamRequest& r) {
  const KeyedMeasure& keyed = *r.keyed;
  bool npy = format_of(r.output) == FileFormat::Npy;
  std::ifstream in(r.inputs, std::ios::binary);
  if (!in) throw InputError(r.inputs + ": cannot open file");
  in.seekg(0, std::ios::end);
  auto total = static_cast<std::size_t>(in.tellg());
  in.seekg(0);
  OutputFile out(r.output);
  std::size_t cols = 0;
  if (npy) {
    auto [rows, first_cols] = csv_shape(in, r.inputs, r.csv_header);
    cols = first_cols;
    out.write(npy_f8_header({rows, cols}));
    in.clear();
    in.seekg(0);
  }
  CsvRowReader reader(in, r.inputs, r.csv_header);
  std::size_t part_values = std::clamp<std::size_t>(r.chunk_values, 1, kPartValues), row = 0;
  std::optional<std::string> deferred;
  ordered_stream<Part>(
      std::max(1u, r.threads),
      [&](Part& p, std::size_t) {
        p.count = 0;
        for (std::size_t values = 0; values < part_values; ++p.count) {
          if (p.count == p.lines.size()) p.lines.emplace_back(), p.line_nos.emplace_back();
          if (!reader.next(p.lines[p.count], p.line_nos[p.count])) break;
          values += csv_cell_count(p.lines[p.count]);
        }
        p.consumed = in.good() ? static_cast<std::size_t>(in.tellg()) : total;  // tellg fails at the end
        return p.count > 0;
      },
      [&](Part& p, std::size_t) {
        p.values.clear();
        p.lengths.clear();
        p.finite.clear();
        p.text.clear();
        for (std::size_t i = 0; i < p.count; ++i) {
          p.keys.clear();
          for_each_csv_value(p.lines[i], p.line_nos[i], r.inputs, [&](const Q& q) { p.keys.push_back(keyed.key(q)); });
          KeyedRun run(keyed, r.initial);
          std::size_t at = p.values.size();
          if (npy) p.values.resize(at + p.keys.size());
          p.finite.push_back(run_keys(keyed, r.kind, run, p.keys.data(), p.keys.size(), true, p.values.data() + at,
                                      npy ? nullptr : &p.text));
          p.lengths.push_back(p.keys.size());
          if (!npy) p.text += '\n';
        }
      },
      [&](Part& p, std::size_t) {
        for (std::size_t i = 0; i < p.count && !deferred; ++i) {
          if (npy && p.lengths[i] != cols)
            deferred = not_rectangular_message(row + i, p.lengths[i], cols);
          else if (p.finite[i] == Finite::NotAll)
            deferred = no_finite_double_message();
        }
        row += p.count;
        if (deferred) return;  // nothing more is written: the temporary file is removed
        if (npy)
          out.write(reinterpret_cast<const char*>(p.values.data()), 8 * p.values.size());
        else
          out.write(p.text);
        if (r.progress) r.progress(p.consumed, total);
      });
  if (deferred) throw InputError(r.output + ": " + *deferred);
  out.commit();
}

}  // namespace palcheck::oracle
