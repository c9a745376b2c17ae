#!/usr/bin/env python3
"""Regenerates the seed corpora fuzz/corpus/<target>/ from the repository's test vectors
(tests/data). Deterministic; files are named by the SHA-1 of their content, as libFuzzer
names its own. Run from anywhere: python3 fuzz/make_corpus.py

The committed corpora also hold inputs found by fuzzing (binary, SHA-1 names too): an
edge-coverage-minimal set of 10-minute runs, made with
  cargo fuzz run --sanitizer none T OUT WORK_CORPUS fuzz/corpus/T -- -merge=1 -set_cover_merge=1 -use_counters=0
This script only adds files; it never deletes them."""
import hashlib, os, random

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data")
OUT = os.path.join(ROOT, "fuzz", "corpus")


def rows(path):
    with open(os.path.join(DATA, path), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                yield line


def tsv(path):
    it = rows(path)
    header = next(it).split("\t")
    for line in it:
        yield dict(zip(header, line.split("\t")))


def epd(path, every):
    for i, line in enumerate(rows(path)):
        if i % every == 0:
            yield line.split(";")[0].strip()


def write(target, contents):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    n = 0
    for c in contents:
        b = c.encode("utf-8") if isinstance(c, str) else c
        name = hashlib.sha1(b).hexdigest()
        p = os.path.join(d, name)
        if not os.path.exists(p):
            with open(p, "wb") as f:
                f.write(b)
            n += 1
    print(f"{target}: {n} new files")


# fen: every FEN of the FEN tests (valid and invalid) and a sample of the perft positions.
fens = [r["fen_in"] for r in tsv("fen/valid_roundtrip.tsv")]
fens += [r["fen"] for r in tsv("fen/invalid.tsv")]
fens += list(epd("perft/standard.epd", 1)) + list(epd("perft/tricky_relaxed.epd", 2))
fens += list(epd("perft/tricky.epd", 8)) + list(epd("perft/chess960.epd", 16))
fens += list(epd("perft/random.epd", 16))
write("fen", fens)

# san: "<FEN>\n<SAN>" from a sample of the SAN tests, plus every rejected SAN.
san_rows = list(tsv("san/san.tsv"))
write("san", [f"{r['fen']}\n{r['san']}" for r in san_rows[::5]]
      + [f"{r['fen']}\n{r['san']}" for r in tsv("san/san_reject.tsv")])

# uci: "<FEN>\n<UCI>" from another sample of the SAN tests (standard and Chess960 castling).
write("uci", [f"{r['fen']}\n{r['uci']}" for r in san_rows[2::7]]
      + ["e2e4", "\x00\x01e1g1", "\x00\x07e7e8q", "\x01\x00h1f1", "\x02\x02a7a8n", "0000"])

# abi_sequence: no text form; a few deterministic random byte strings of various lengths
# (libFuzzer grows them into call sequences).
rng = random.Random(7)
write("abi_sequence", [bytes(rng.randrange(256) for _ in range(n)) for n in (8, 16, 32, 64, 128, 256, 512, 1024) for _ in range(3)])
