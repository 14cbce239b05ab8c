// CSV reader and writer (see csv_format.h).
#include "oracle/formats/csv_format.h"

#include "oracle/formats/json_input.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <sstream>

namespace palcheck::oracle {

namespace {

// Bytes read at a time: what a row of any length costs.
constexpr std::size_t kBufferBytes = std::size_t{1} << 16;

std::string_view trimmed(std::string_view s) {
  auto blank = [](char c) { return c == ' ' || c == '\t'; };
  if (s.empty() || (!blank(s.front()) && !blank(s.back()))) return s;
  std::size_t a = s.find_first_not_of(" \t");
  if (a == std::string_view::npos) return {};
  return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

// A number in C's spelling, whole (nan, inf, hex floats, exponents of any size).
bool c_number(std::string_view s) {
  if (s.empty() || s.size() > 400) return false;
  std::string text(s);
  char* end = nullptr;
  std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size();
}

bool any_number(std::string_view s) {
  if (parse_rational(s) || c_number(s)) return true;
  std::size_t slash = s.find('/');
  return slash != std::string_view::npos && c_number(s.substr(0, slash)) && c_number(s.substr(slash + 1));
}

// The separator other than the comma that joins numbers in a cell ("1;2", "1 2"), or "".
std::string joined_by(std::string_view cell) {
  static const std::pair<char, const char*> separators[] = {
      {';', "';'"}, {'\t', "tabs"}, {' ', "spaces"}, {'|', "'|'"}};
  for (auto [separator, name] : separators) {
    if (cell.find(separator) == std::string_view::npos) continue;
    std::size_t parts = 0;
    bool numbers = true;
    for (std::size_t start = 0; numbers && start <= cell.size();) {
      std::size_t end = std::min(cell.find(separator, start), cell.size());
      std::string_view part = trimmed(cell.substr(start, end - start));
      if (!part.empty()) {
        numbers = any_number(part);
        ++parts;
      } else if (separator != ' ' && separator != '\t') {
        numbers = false;
      }
      start = end + 1;
    }
    if (numbers && parts >= 2) return name;
  }
  return "";
}

// The digits from p on appended to value (value * 10 + digit, wrapping past 19 digits), eight bytes
// at a time: the run of digits that starts a word is found from one test of all eight bytes and
// converted at once (no loop over the digits before the first byte that is not one); p moves past them.
[[gnu::always_inline]] inline void take_digits(const char*& p, const char* end, std::uint64_t& value) {
  static constexpr std::uint64_t kPowers[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
  for (std::uint64_t word; end - p >= 8;) {
    std::memcpy(&word, p, 8);
    // Per byte, nonzero unless it is '0'..'9' (a carry out of a byte that is not a digit only reaches
    // the bytes after it, which are not used).
    constexpr std::uint64_t kHighNibbles = 0xF0F0F0F0F0F0F0F0;
    std::uint64_t other =
        ((word & kHighNibbles) | (((word + 0x0606060606060606) & kHighNibbles) >> 4)) ^ 0x3333333333333333;
    int n = other ? std::countr_zero(other) / 8 : 8;
    if (n == 0) return;
    // The n digits as values 0..9 in the top n bytes, zeros (leading digits 0) below: pairs, then fours,
    // then the eight (the first digit in the lowest byte is the most significant).
    word -= 0x3030303030303030;
    if (n < 8) word <<= 8 * (8 - n);
    word = word * 10 + (word >> 8);
    word = (((word & 0x000000FF000000FF) * (100 + (1000000ULL << 32))) +
            (((word >> 16) & 0x000000FF000000FF) * (1 + (10000ULL << 32)))) >>
           32;
    value = value * kPowers[n] + static_cast<std::uint32_t>(word);
    p += n;
    if (n < 8) return;
  }
  for (; p < end && static_cast<unsigned>(static_cast<unsigned char>(*p) - '0') <= 9; ++p)
    value = value * 10 + static_cast<unsigned>(*p - '0');
}

// A decimal ("-12.50e-3") from p up to the end or a '/', in one pass: at most 19 significant digits;
// false on anything else, or more digits (parse_rational then decides).
[[gnu::always_inline]] inline bool decimal_part(const char*& p, const char* end, Decimal& x) {
  x.negative = false;
  if (p < end && (*p == '+' || *p == '-')) x.negative = *p++ == '-';
  // Unsigned: 19 digits fit, and the digits past the 19th (refused below) wrap instead of overflowing.
  std::uint64_t value = 0;
  const char* start = p;
  while (p < end && *p == '0') ++p;  // leading zeros
  bool any = p > start;
  const char* first = p;
  take_digits(p, end, value);
  auto count = static_cast<int>(p - first), fraction = 0;
  if (p < end && *p == '.') {
    const char* point = ++p;
    if (value == 0)
      while (p < end && *p == '0') ++p;  // zeros between the point and the first digit
    first = p;
    take_digits(p, end, value);
    count += static_cast<int>(p - first);
    fraction = static_cast<int>(p - point);
  }
  if (!(any || count > 0 || fraction > 0) || count > 19) return false;
  x.digits = value;
  long exponent = 0;
  if (p < end && (*p == 'e' || *p == 'E')) {
    bool exponent_negative = false;
    if (++p < end && (*p == '+' || *p == '-')) exponent_negative = *p++ == '-';
    auto digit = [](char c) { return static_cast<unsigned>(static_cast<unsigned char>(c) - '0'); };
    if (p == end || digit(*p) > 9) return false;
    if (end - p >= 3 && digit(p[1]) <= 9 && digit(p[2]) > 9) {
      // Two digits, as printf's %e writes most exponents.
      exponent = digit(p[0]) * 10 + digit(p[1]);
      p += 2;
    } else {
      for (; p < end && digit(*p) <= 9; ++p)
        if ((exponent = exponent * 10 + digit(*p)) > kMaxDecimalExponent) return false;
    }
    if (exponent_negative) exponent = -exponent;
  }
  x.exponent = static_cast<int>(exponent) - fraction;
  return true;
}

constexpr std::int64_t kPowersOfTen[] = {1,
                                         10,
                                         100,
                                         1000,
                                         10000,
                                         100000,
                                         1000000,
                                         10000000,
                                         100000000,
                                         1000000000,
                                         10000000000,
                                         100000000000,
                                         1000000000000,
                                         10000000000000,
                                         100000000000000,
                                         1000000000000000,
                                         10000000000000000,
                                         100000000000000000,
                                         1000000000000000000};

// A decimal as num / den with den a power of ten, when both fit 64 bits.
[[gnu::always_inline]] inline bool machine_decimal(const char*& p, const char* end, std::int64_t& num,
                                                   std::int64_t& den) {
  Decimal x;
  if (!decimal_part(p, end, x)) return false;
  int scale = x.digits == 0 ? 0 : x.exponent;
  constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (x.digits > kMax || scale < -18 || scale > 18) return false;
  __int128 v = static_cast<__int128>(x.digits) * kPowersOfTen[scale < 0 ? 0 : scale];
  if (v > static_cast<__int128>(kMax)) return false;
  num = x.negative ? -static_cast<std::int64_t>(v) : static_cast<std::int64_t>(v);
  den = kPowersOfTen[scale < 0 ? -scale : 0];
  return true;
}

}  // namespace

bool parse_machine_fraction(std::string_view cell, std::int64_t& num, std::int64_t& den) {
  const char *p = cell.data(), *end = p + cell.size();
  if (!machine_decimal(p, end, num, den)) return false;
  if (p == end) return true;
  std::int64_t n1 = num, d1 = den, n2, d2;
  if (*p++ != '/' || !machine_decimal(p, end, n2, d2) || p != end || n2 == 0) return false;
  // (n1 / d1) / (n2 / d2), with a positive denominator.
  __int128 n = static_cast<__int128>(n1) * d2, d = static_cast<__int128>(d1) * n2;
  if (d < 0) n = -n, d = -d;
  constexpr __int128 kMax = std::numeric_limits<std::int64_t>::max();
  if (n > kMax || n < -kMax || d > kMax) return false;
  num = static_cast<std::int64_t>(n);
  den = static_cast<std::int64_t>(d);
  return true;
}

bool looks_numeric(std::string_view cell) { return any_number(cell) || !joined_by(cell).empty(); }

bool is_header_name(std::string_view cell) {
  bool letter = false;
  for (unsigned char c : cell) {
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) return false;
    letter = letter || c >= 0x80 || std::isalpha(c) || c == '_';
  }
  return letter && !looks_numeric(cell);
}

Q csv_value(std::string_view cell, std::size_t line, std::size_t column, const std::string& source) {
  std::int64_t num, den;
  if (parse_machine_fraction(cell, num, den)) return Q(num, den);
  if (std::optional<Q> q = parse_rational(cell)) return *q;
  std::string separator = joined_by(cell), hint;
  if (!separator.empty())
    hint = " (cells are separated by commas; this one holds numbers separated by " + separator + ")";
  else if (line == 1)
    hint = " (a header row must have no numeric cell, or pass --header)";
  throw InputError(source + ": line " + std::to_string(line) + ", column " + std::to_string(column) +
                   ": not an exact finite number: \"" + shown(std::string(cell)) + "\"" + hint);
}

int csv_key(const KeyedMeasure& keyed, std::string_view cell, std::size_t line, std::size_t column,
            const std::string& source) {
  std::int64_t num, den;
  if (parse_machine_fraction(cell, num, den)) return keyed.key(num, den);
  return keyed.key(csv_value(cell, line, column, source));
}

CsvReader::CsvReader(std::istream& in, std::string source, CsvHeader header)
    : in_(in), source_(std::move(source)), buffer_(kBufferBytes) {
  if (fill() && end_ >= 3 && std::memcmp(buffer_.data(), "\xEF\xBB\xBF", 3) == 0) pos_ = 3;
  if (!next_row()) return;
  std::string_view cell;
  if (header == CsvHeader::Declared) {
    while (next_cell(cell)) header_.emplace_back(cell);
    return;
  }
  next_cell(cell);
  if (!is_header_name(cell)) {
    // The first row is data: the next next_row stays on it, and its next_cell gives this cell again
    // (an error there if it is not a number).
    pending_row_ = pending_cell_ = true;
    return;
  }
  // A row of names, unless a later cell is not one: then it is data, and its first cell is not a number.
  std::vector<std::string> names{std::string(cell)};
  while (next_cell(cell)) {
    if (!is_header_name(cell))
      csv_value(looks_numeric(cell) ? names[0] : cell, row_line_, looks_numeric(cell) ? 1 : column_, source_);
    names.emplace_back(cell);
  }
  header_ = std::move(names);
}

bool CsvReader::fill() {
  if (!in_) return false;
  in_.read(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  pos_ = 0;
  end_ = static_cast<std::size_t>(in_.gcount());
  consumed_ += end_;
  return end_ > 0;
}

int CsvReader::peek() {
  if (pos_ == end_ && !fill()) return -1;
  return static_cast<unsigned char>(buffer_[pos_]);
}

// After a line's '\n' or '\r' (taken): a CR followed by LF ends the line with both.
void CsvReader::take_line_end(char c) {
  LineEnd kind = LineEnd::Lf;
  if (c == '\r') {
    if (peek() == '\n')
      ++pos_;
    else
      kind = LineEnd::Cr;
  }
  if (line_end_ == LineEnd::Unknown) line_end_ = kind;
  if (kind != line_end_)
    throw InputError(source_ + ": line " + std::to_string(line_) +
                     ": a carriage return alone ends some lines and a line feed others: the rows cannot be told "
                     "apart (use one kind of line end)");
  ++line_;
}

// An error at the cell being scanned (its column is the one after the last cell given).
void CsvReader::fail_at_cell(const std::string& what) const {
  throw InputError(source_ + ": line " + std::to_string(row_line_) + ", column " + std::to_string(column_ + 1) + ": " +
                   what);
}

namespace {

// The first byte from `pos` on (before `end`) that ends or quotes a cell ('"', ',', LF, CR); `end` when none.
std::size_t skip_ordinary(const char* data, std::size_t pos, std::size_t end) {
  static constexpr auto kOrdinary = [] {
    std::array<bool, 256> ordinary{};
    ordinary.fill(true);
    for (unsigned char c : {'"', ',', '\n', '\r'}) ordinary[c] = false;
    return ordinary;
  }();
  // Eight bytes at a time: the lowest byte equal to one of the four (a zero byte of x ^ c) ends the run.
  for (std::uint64_t word; pos + 8 <= end; pos += 8) {
    std::memcpy(&word, data + pos, 8);
    constexpr std::uint64_t kOnes = 0x0101010101010101, kHighs = 0x8080808080808080;
    auto zero_byte = [](std::uint64_t x) { return (x - kOnes) & ~x & kHighs; };
    std::uint64_t hits = zero_byte(word ^ (kOnes * '"')) | zero_byte(word ^ (kOnes * ',')) |
                         zero_byte(word ^ (kOnes * '\n')) | zero_byte(word ^ (kOnes * '\r'));
    if (hits) return pos + static_cast<std::size_t>(std::countr_zero(hits) / 8);
  }
  while (pos < end && kOrdinary[static_cast<unsigned char>(data[pos])]) ++pos;
  return pos;
}

}  // namespace

// A quote just read (the cell's bytes before it kept): it opens the cell when only blanks came before, is
// a quote inside quotes when doubled, else closes them; `content` is then the closed cell's length.
void CsvReader::take_quote(Quoting& quoting, std::size_t& content) {
  if (quoting == Quoting::None && trimmed(cell_).empty()) {
    quoting = Quoting::Open;
    cell_.clear();
  } else if (quoting == Quoting::Open && peek() == '"') {
    cell_ += '"';
    ++pos_;
  } else if (quoting == Quoting::Open) {
    quoting = Quoting::Closed;
    content = cell_.size();
  } else {
    fail_at_cell(quoting == Quoting::Closed
                     ? "text after the closing quote (a quote inside a quoted cell is written \"\")"
                     : "a quote inside an unquoted cell (quote the whole cell, RFC 4180: \"0\"\"3\" is 0\"3)");
  }
}

// One cell as RFC 4180 writes it: a cell whose first byte other than blanks is '"' is quoted up to
// the next lone '"' ("" is one quote; commas and line ends inside are the cell's), and only blanks may
// follow it; a quote anywhere else is an error, as is a quote never closed or a cell over kMaxCsvCellBytes.
void CsvReader::scan_cell() {
  cell_.clear();
  bool copied = false;
  Quoting quoting = Quoting::None;
  std::size_t content = 0;  // of a closed quoted cell: its bytes in cell_, the blanks after them excluded
  std::size_t start = pos_;
  auto keep = [&] {  // the run since `start` into cell_
    if (cell_.size() + (pos_ - start) > kMaxCsvCellBytes)
      fail_at_cell("a cell longer than " + std::to_string(kMaxCsvCellBytes) + " bytes (kMaxCsvCellBytes)");
    cell_.append(buffer_.data() + start, pos_ - start);
    copied = true;
  };
  for (;;) {
    if (pos_ == end_) {
      keep();
      if (!fill()) {
        if (quoting == Quoting::Open) fail_at_cell("a quoted cell is not closed (a '\"' is missing)");
        row_open_ = false;
        view_ = cell_;
        break;
      }
      start = 0;
      continue;
    }
    pos_ = skip_ordinary(buffer_.data(), pos_, end_);
    if (pos_ == end_) continue;
    char c = buffer_[pos_];
    if (c == '"') {
      keep();
      ++pos_;
      take_quote(quoting, content);
      start = pos_;
    } else if (quoting == Quoting::Open) {
      // A comma or a line end inside quotes belongs to the cell; a line end still counts a line.
      if (c == '\n' || (c == '\r' && line_end_ == LineEnd::Cr)) ++line_;
      ++pos_;
    } else {
      // The cell must not lie in the buffer when a CRLF is looked for past its end.
      if (copied || c == '\r') keep();
      view_ = copied ? std::string_view(cell_) : std::string_view(buffer_.data() + start, pos_ - start);
      ++pos_;
      row_open_ = c == ',';
      if (!row_open_) take_line_end(c);
      break;
    }
  }
  if (quoting == Quoting::Closed) {
    if (!trimmed(std::string_view(view_).substr(content)).empty())
      fail_at_cell("text after the closing quote (a quote inside a quoted cell is written \"\")");
    view_ = std::string_view(cell_).substr(0, content);
  }
  view_ = trimmed(view_);
}

bool CsvReader::next_row() {
  if (pending_row_) {
    pending_row_ = false;
    column_ = 0;
    return true;
  }
  pending_cell_ = false;
  if (row_open_) skip_row();
  for (;;) {
    int c = peek();
    if (c < 0) return false;
    if (c == ' ' || c == '\t') {
      ++pos_;
    } else if (c == '\n' || c == '\r') {
      ++pos_;
      take_line_end(static_cast<char>(c));
    } else if (c == '#') {
      while ((c = peek()) >= 0 && c != '\n' && c != '\r') ++pos_;
      if (c >= 0) {
        ++pos_;
        take_line_end(static_cast<char>(c));
      }
    } else {
      break;
    }
  }
  row_line_ = line_;
  column_ = 0;
  row_open_ = true;
  return true;
}

// The rest of the row, cell by cell: a line end inside quotes does not end it.
void CsvReader::skip_row() {
  while (row_open_) scan_cell();
}

std::size_t CsvReader::next_decimals(Decimal* out, std::size_t max) {
  if (pending_cell_ || !row_open_) return 0;
  // In place while the cell is what scan_cell would give and a plain decimal: one that a comma or a
  // line end follows in the buffer (a CR with the byte after it, for CRLF).
  const char *data = buffer_.data(), *end = data + end_, *cell = data + pos_, *p = cell;
  std::size_t n = 0;
  while (n < max && decimal_part(p, end, out[n]) && p != end) {
    char c = *p;
    if (c == ',') {
      cell = ++p;
      ++n;
      continue;
    }
    if (c != '\n' && !(c == '\r' && p + 1 < end)) break;
    pos_ = static_cast<std::size_t>(p + 1 - data);
    row_open_ = false;
    column_ += ++n;
    take_line_end(c);
    return n;
  }
  pos_ = static_cast<std::size_t>(cell - data);
  column_ += n;
  return n;
}

bool CsvReader::next_cell(std::string_view& cell) {
  if (pending_cell_) {
    pending_cell_ = false;
    column_ = 1;
    cell = view_;
    return true;
  }
  if (!row_open_) return false;
  scan_cell();
  ++column_;
  cell = view_;
  return true;
}

CsvTable parse_csv(const std::string& text, const std::string& source, CsvHeader header) {
  std::istringstream in(text);
  CsvReader reader(in, source, header);
  CsvTable table{reader.header(), {}};
  std::string_view cell;
  while (reader.next_row()) {
    std::vector<Q> row;
    while (reader.next_cell(cell)) row.push_back(csv_value(cell, reader.line(), reader.column(), source));
    table.rows.push_back(std::move(row));
  }
  return table;
}

std::string format_csv(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows) {
  std::string out;
  auto put = [&out](const std::vector<std::string>& cells) {
    for (std::size_t c = 0; c < cells.size(); ++c) {
      if (c) out += ',';
      out += cells[c];
    }
    out += '\n';
  };
  if (!header.empty()) put(header);
  for (const auto& r : rows) put(r);
  return out;
}

}  // namespace palcheck::oracle
