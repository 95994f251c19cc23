"""`tabletop.judge` against the official answers and the command line, byte for byte."""

import pytest

import tabletop
from conftest import CRATES

MAHJONG = CRATES / "mahjong" / "tests" / "data" / "p7147"
RACE = CRATES / "race" / "tests" / "data"
NINE_SAMPLES = CRATES / "nine" / "tests" / "data" / "d1_samples.txt"
TAKE6 = CRATES / "cli" / "tests" / "data" / "take6"


def nine_samples():
    """(input, expected output) of the five D1 samples."""
    lines = [l for l in NINE_SAMPLES.read_text().splitlines() if l and not l.startswith("#")]
    assert len(lines) == 15
    return [
        (f"{lines[i]}\n{lines[i + 1]}\n", lines[i + 2].split()[0] + "\n")
        for i in range(0, len(lines), 3)
    ]


MAHJONG_CASES = sorted(p.stem for p in MAHJONG.glob("*.in"))


def test_fifty_mahjong_cases():
    assert len(MAHJONG_CASES) == 50


@pytest.mark.parametrize("case", MAHJONG_CASES)
def test_mahjong_conformance(case, cli):
    text = (MAHJONG / f"{case}.in").read_text()
    out = tabletop.judge("p7147", text)
    assert out == (MAHJONG / f"{case}.ans").read_text()
    assert cli(["judge", "p7147"], text) == (0, out, "")
    # The same game through the simulator function.
    assert tabletop.mahjong.simulate(text) == out.splitlines()


@pytest.mark.parametrize("name", ["hdu5754_sample", "hdu5754_random"])
def test_race_samples(name, cli):
    text = (RACE / f"{name}.in").read_text()
    out = tabletop.judge("hdu5754", text)
    assert out == (RACE / f"{name}.out").read_text()
    assert cli(["judge", "hdu5754"], text) == (0, out, "")


@pytest.mark.parametrize("sample", range(5))
def test_nine_d1_samples(sample, cli):
    text, expected = nine_samples()[sample]
    assert tabletop.judge("cf1769d1", text) == expected
    assert cli(["judge", "cf1769d1"], text) == (0, expected, "")


@pytest.mark.parametrize("problem,k", [("cf1769d2", 2), ("cf1769d2", 13), ("cf1769d3", 26)])
def test_nine_d2_d3_match_the_cli(problem, k, cli):
    out = tabletop.judge(problem, f"{k}\n")
    assert cli(["judge", problem], f"{k}\n") == (0, out, "")
    # k deals, two lines each (a blank line between deals), with k distinct importances.
    lines = [line for line in out.splitlines() if line]
    assert len(lines) == 2 * k
    deals = [tabletop.nine.Deal.parse(lines[i], lines[i + 1]) for i in range(0, 2 * k, 2)]
    assert len({tabletop.nine.importance(d) for d in deals}) == k


def test_take6_sample(cli):
    text = (TAKE6 / "sample.in").read_text()
    out = tabletop.judge("nthu14463", text)
    assert out == "0\n5\n0\n6\n"
    assert cli(["judge", "nthu14463"], text) == (0, out, "")
    assert tabletop.take6.simulate(text).penalties == [0, 5, 0, 6]


BAD_INPUTS = [
    ("cf1769d1", "JD 7S\n"),
    ("cf1769d1", ""),
    ("cf1769d2", "x\n"),
    ("cf1769d2", "14\n"),
    ("cf1769d3", "26 27\n"),
    ("nthu14463", "4 3\n"),
    ("nthu14463", "4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 14\n"),
    ("hdu5754", "1\n1 5\n"),
    ("hdu5754", "2\n1 5 5\n"),
    ("hdu5754", "1\n9 5 5\n"),
    ("hdu5754", "1\n1 0 5\n"),
    ("p7147", "1M 2M\n"),
    ("p7147", "XX\n"),
    ("p7147", ""),
]


@pytest.mark.parametrize("problem,text", BAD_INPUTS)
def test_bad_input_raises_the_cli_message(problem, text, cli):
    with pytest.raises(tabletop.InputError) as info:
        tabletop.judge(problem, text)
    err = info.value
    assert isinstance(err, ValueError)
    code, out, stderr = cli(["judge", problem], text)
    assert (code, out) == (2, "")
    assert stderr == f"error: {err}\n"
    # The location, where the message gives one, is the same.
    if str(err).startswith("line "):
        assert err.line == int(str(err)[5:].split(":")[0].split(",")[0])


def test_input_error_location():
    with pytest.raises(tabletop.InputError) as info:
        tabletop.judge("cf1769d3", "26 27\n")
    assert (info.value.line, info.value.column) == (1, 4)
    with pytest.raises(tabletop.InputError) as info:
        tabletop.judge("p7147", "")
    assert (info.value.line, info.value.column) == (None, None)


def test_unknown_problem():
    with pytest.raises(ValueError, match="unknown problem"):
        tabletop.judge("nope", "")
    with pytest.raises(TypeError):
        tabletop.judge("p7147", None)
    with pytest.raises(TypeError):
        tabletop.judge("p7147", b"bytes")


def test_byte_order_mark_is_dropped_as_in_the_cli():
    assert tabletop.judge("hdu5754", "\ufeff1\n1 5 5\n") == tabletop.judge("hdu5754", "1\n1 5 5\n")
