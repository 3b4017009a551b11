"""Runs Microsoft Presidio's analyzer over the evaluation corpus, as the reference for `npm run eval`.

Usage: analyze.py MODEL_DIR CORPUS_JSONL OUT_JSON

MODEL_DIR is a blank English spaCy pipeline saved to disk: no trained model can be downloaded here,
so Presidio's NER-based recognizers find nothing, while its pattern recognizers run as shipped. A
blank pipeline has no lemmas, and Presidio's context enhancer compares context words with lemmas:
one small component sets each token's lemma to its lower-case text so that "passport", "routing" or
"account" next to a value raise its score as they would with a trained model.
Offsets are written in UTF-16 code units, the unit of the corpus labels (JavaScript strings).
"""
import json
import logging
import os
import sys
import time

# tldextract (used by the email recognizer) would fetch the public suffix list; its bundled snapshot is enough.
os.environ.setdefault("TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS", "")
logging.basicConfig(level=logging.ERROR)
logging.getLogger("presidio-analyzer").setLevel(logging.ERROR)

import presidio_analyzer  # noqa: E402
import spacy  # noqa: E402
from importlib.metadata import version  # noqa: E402
from presidio_analyzer import AnalyzerEngine  # noqa: E402
from presidio_analyzer.nlp_engine import NlpEngineProvider  # noqa: E402
from spacy.language import Language  # noqa: E402

WARMUP_DOCS = 50


@Language.component("lowercase_lemmas")
def lowercase_lemmas(doc):
    for token in doc:
        token.lemma_ = token.lower_
    return doc


def utf16_index(text):
    """Maps a code-point index to a UTF-16 index; None when the text is all in the BMP (same index)."""
    if all(ord(c) < 0x10000 for c in text):
        return None
    table = [0]
    for c in text:
        table.append(table[-1] + (2 if ord(c) >= 0x10000 else 1))
    return table


def main(model_dir, corpus_path, out_path):
    config = {"nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": model_dir}]}
    nlp_engine = NlpEngineProvider(nlp_configuration=config).create_engine()
    nlp_engine.nlp["en"].add_pipe("lowercase_lemmas")
    analyzer = AnalyzerEngine(nlp_engine=nlp_engine, supported_languages=["en"])

    with open(corpus_path, encoding="utf-8") as f:
        docs = [json.loads(line) for line in f if line.strip()]

    for d in docs[:WARMUP_DOCS]:
        analyzer.analyze(text=d["text"], language="en")

    results = []
    start = time.perf_counter()
    for d in docs:
        results.append(analyzer.analyze(text=d["text"], language="en"))
    elapsed = time.perf_counter() - start

    out_docs = []
    for d, found in zip(docs, results):
        table = utf16_index(d["text"])
        conv = (lambda i: i) if table is None else (lambda i: table[i])
        out_docs.append({
            "id": d["id"],
            "findings": [
                {"type": r.entity_type, "start": conv(r.start), "end": conv(r.end), "score": round(r.score, 4)}
                for r in found
            ],
        })

    with open(out_path, "w", encoding="utf-8") as f:
        json.dump({
            "presidio_version": version("presidio-analyzer"),
            "spacy_version": spacy.__version__,
            "python_version": sys.version.split()[0],
            "entities": sorted(analyzer.get_supported_entities(language="en")),
            "recognizers": sorted(r.name for r in analyzer.registry.recognizers),
            "elapsed_seconds": elapsed,
            "docs": out_docs,
        }, f)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
