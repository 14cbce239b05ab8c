// GMP's own allocation functions abort the process ("GNU MP: Cannot allocate memory") when memory runs
// out. A program that wants out-of-memory to be an error it can report installs these instead: they
// throw std::bad_alloc, which unwinds out of GMP (compiled with unwind tables on every platform palcheck
// builds on) to the caller's handler. What GMP held in the interrupted call may leak: the caller is
// expected to end the work that ran out, not to carry on with it.
#pragma once

namespace palcheck {

/// Makes GMP throw std::bad_alloc where it would abort on an allocation that fails; once per process,
/// before any big number is made (the palcheck command line and the Python module do).
void throw_bad_alloc_from_gmp();

}  // namespace palcheck
