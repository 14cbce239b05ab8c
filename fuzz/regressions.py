#!/usr/bin/env python3
"""Writes every known hostile input as a regression case, one folder per fuzz target:
python3 regressions.py DIR. Generated rather than stored: some are 100-200 kB of brackets."""
import os
import struct
import sys


def npy(shape, data=b"", descr="<f8"):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + data


def nested(depth, leaf="0"):
    return "[" * depth + leaf + "]" * depth


CASES = {
    "number": {
        "huge_exponent": "1e999999",
        "zero_huge_exponent": "0e625005",
        "huge_exponent_fraction": "1e888882/",
        "underflow": "1e-400",
        "overflow": "1e400",
        "long_fraction": "0." + "0" * 100000 + "1",
        "long_exponent_zeros": "1e" + "0" * 50000 + "7",
    },
    "json_document": {
        "initial_state_deep": '{"relays": [], "inputs": [0], "initial_state": %s}' % nested(100000),
        "grid_L_deep": '{"grid": {"delta": 1, "L": %s, "weights": []}, "inputs": [0]}' % nested(100000),
        "inputs_deep": '{"relays": [], "inputs": %s}' % nested(200000),
        "underflow": '{"relays": [{"alpha": 1, "beta": 0}], "inputs": [1e-400]}',
        "overflow": '{"relays": [{"alpha": 1, "beta": 0}], "inputs": [1e400]}',
        "weight_1e999_number": '{"relays": [{"alpha": 1, "beta": 0, "weight": 1e999}], "inputs": [[2]]}',
        "weight_1e999_string": '{"relays": [{"alpha": 1, "beta": 0, "weight": "1e999"}], "inputs": [[2]]}',
        "huge_exponent_string": '{"relays": [], "inputs": ["1e999999", "0e625005", "1e888882/"]}',
    },
    "csv": {
        "bom": "\ufeff0,1,2\n3,4\n",
        "trailing_comma": "0,1,2,\n3,4\n",
        "letter_o": "O,1,2\n3,4\n",
        "huge_exponent": "1e999999,0\n",
        "empty_cell_after_blank_line": "a.0!,05lpha,beti,w\n\n3, ,e-\n",
        "first_row_long_number": "7" * 1000001 + "\n",
        "first_row_nul_bytes": "\0\0\0,1\n",
        "doubled_quote": '"0""3"\n',
        "quoted_line_end": '"a\nb",c\n1,"2"\n"3",x\n',
        "quote_inside_unquoted": '1,2"3"\n',
        "text_after_quote": '1,"2"3\n',
        "quote_not_closed": '1\n2,"3\n4\n',
        "cell_past_bound": "1," + "x" * 1048577 + "\n",
    },
    "npy": {
        "shape_overflow": npy("(9223372036854775808, 2)"),
        "shape_negative": npy("(3, -4)", b"\0" * 96),
        "shape_fraction": npy("(3.5, 2)"),
        "shape_2_64": npy("(18446744073709551616,)"),
        "shape_empty_rows": npy("(4294967296, 0)"),
        "shape_product_overflow": npy("(4294967296, 4294967296)"),
        "long_shape_tuple": npy("(" + " " * 60000 + "2,)", b"\0" * 16),
        "long_header_value": npy("(2,), 'x': '" + "a" * 60000 + "'", b"\0" * 16),
    },
    "replay_file": {
        "values_empty": '{"label": "lem:pop_one", "scenario": "any-stack", "values": {"u": [], "eps": []}}',
        "values_deep": '{"label": "l", "scenario": "s", "values": {"u": %s}}' % nested(100000),
        "options_deep": '{"label": "l", "scenario": "s", "options": {"a": %s}, "values": {}}' % nested(100000),
        "seed_negative": '{"label": "l", "scenario": "s", "values": {}, "seed": -1}',
        "huge_number": '{"label": "l", "scenario": "s", "values": {"x": ["1e999999"]}}',
    },
    "merge_input": {
        "shard_deep": nested(100000),
        "selection_deep": '{"seed": 1, "selection": %s}' % nested(100000),
        "second_shard_deep": '{"seed": 1}\n--\n' + nested(100000),
        "duplicate_key": '{"seed": 1, "seed": 2}',
        "count_huge": '{"seed": 1, "tests": 1, "max_shrinks": 1, "rlimit": 1, "selection": ["def:relay"], '
        '"shard": {"index": 1, "count": 9223372036854775807}, "claims": []}',
        "shard_without_count": '{"seed": 1, "tests": 1, "max_shrinks": 1, "rlimit": 1, "selection": [], '
        '"shard": {"index": 1}, "claims": []}',
        "index_negative": '{"seed": 1, "tests": 1, "max_shrinks": 1, "rlimit": 1, "selection": [], '
        '"shard": {"index": -1, "count": 1}, "claims": []}',
        "results_not_objects": '{"seed": 1, "tests": 1, "max_shrinks": 1, "rlimit": 1, "selection": ["def:relay"], '
        '"shard": {"index": 1, "count": 1}, "claims": [{"label": "def:relay", "results": [1, [], null]}]}',
    },
    "report_input": {
        "run_deep": '{"claims": %s}' % nested(100000),
        "label_deep": '{"label": %s}' % nested(100000),
        "duplicate_key": '{"claims": [], "claims": [1]}',
        "results_not_objects": '{"claims": [{"label": "def:relay", "verdict": "REFUTED", '
        '"evidence": {"results": [1, "x", null, []]}}]}',
        "headline_not_bool": '{"claims": [{"label": "def:relay", "evidence": {"results": '
        '[{"headline": "yes", "counterexample": {}}]}}]}',
        "verdict_unknown": '{"seed": 1, "claims": [{"label": "def:relay", "verdict": "TOTALLY-FINE"}]}',
        "label_twice": '{"seed": 1, "claims": [%s]}' % ", ".join(['{"label": "def:relay", "verdict": "NOT-CHECKABLE"}'] * 8000),
        "results_not_a_list": '{"seed": 1, "claims": [{"label": "def:relay", "verdict": "REFUTED", '
        '"evidence": {"results": "nope"}}]}',
        "seed_text": '{"seed": "abc", "claims": [{"label": "def:relay", "verdict": "NOT-CHECKABLE"}]}',
        "seed_negative": '{"seed": -3, "claims": [{"label": "def:relay", "verdict": "NOT-CHECKABLE"}]}',
        "seed_2_64": '{"seed": 18446744073709551616, "claims": [{"label": "def:relay", "verdict": "NOT-CHECKABLE"}]}',
        "seed_fraction": '{"seed": 1.5, "claims": [{"label": "def:relay", "verdict": "NOT-CHECKABLE"}]}',
        "claims_empty": '{"seed": 1, "claims": []}',
        "verdict_without_results": '{"seed": 1, "claims": [{"label": "def:relay", "verdict": "PROVED", '
        '"evidence": {"results": []}}]}',
        "replay_of_another_run": '{"label": "def:relay", "scenario": "s", "values": {"u": ["1/3"]}}',
        "replay_values_deep": '{"label": "def:relay", "values": {"u": %s}}' % nested(100000),
        "replay_huge_number": '{"label": "def:relay", "values": {"u": ["1e999999", "%s"]}}' % ("9" * 200000),
    },
    "impl_reply": {
        "outputs_deep": '{"outputs": %s}' % nested(200000),
        "error_deep": '{"error": %s}' % nested(200000),
        "duplicate_outputs": '{"outputs": [1], "outputs": [2]}',
        "overflow": '{"outputs": [1e400]}',
        "null_output": '{"outputs": [null]}',
        "long_number": '{"outputs": [%s]}' % ("1" * 200000),
    },
    "conventions": {  # domains beyond the doubles crashed fuzz-impl's generators (SIGSEGV, heap corruption)
        "domain_beyond_doubles": "domain=-1e400,1e400",
        "domain_above_doubles": "domain=1e309,1e310",
        "domain_below_to_zero": "domain=-1e309,0",
        "domain_zero_to_beyond": "domain=0,1e309",
        "domain_past_the_largest_double": "domain=1.7976931348623158e308,1.7976931348623159e308",
        "domain_between_zero_and_least": "domain=1e-400,2e-400",
        "domain_not_utf8": b"domain=0,1\xff\n",
        "atol_huge": "atol=1e1000\nrtol=1e-1000\ndomain=-1e308,1e308",
    },
}


def main():
    root = sys.argv[1]
    for target, cases in CASES.items():
        folder = os.path.join(root, target)
        os.makedirs(folder, exist_ok=True)
        for name, content in cases.items():
            data = content if isinstance(content, bytes) else content.encode()
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)


if __name__ == "__main__":
    main()
