// def:pal_transformer: the compiled part of palcheck_oracle.transformer (the rest is Python).
#pragma once

#include <pybind11/pybind11.h>

namespace palcheck::python {

/// Adds _core.transformer_run(document, inputs, conventions) to the module.
void add_transformer_functions(pybind11::module_& m);

}  // namespace palcheck::python
