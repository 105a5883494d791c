"""A kind for a name no cue types, from the words around its mentions (the last fallback of the kind vote).

A name the rules give no kind ("Nautel" named twice, "Shimano" once, with no cue any rule reads) may still
stand among telling words: "ordered a new transmitter from Nautel", "the Shimano hub on my bike". For each
such entity :func:`context_kind` reads its mention lines from the store (at most :data:`MAX_MENTIONS`),
and describes them by bags of words, each made a vector through the shipped static word table and averaged
over the mentions: ±:data:`WINDOW` words around the name, the heading above, the line's opening label
("Supplier:"), the file's path words; plus the name's own vector and a few features of its shape. A
class-balanced softmax regression over those (``data/kind_context_model.npz``, from
``scripts/gen_kind_context_model.py``, trained on the gold entities of the eleven tunable labelled sets
dev .. held_out_10; the script now reads twelve, but a model retrained on them was not shipped) answers
where it gives a kind a probability of at least :data:`GATE`.

Measured leaving one labelled set out (``benchmarks/kind_context_eval.py``, docs/entities.md): alone it
types about 0.7 of all names right (the rules: 0.74-1.00), so it is asked only where the vote, the head
noun, the shape's default and the name-only guess (:mod:`.kind_guess`) all give nothing; there, above the
gate, it is right about half the time (37 of 73 names, left out). It overrides no cue but one weak
place-or-organisation (:func:`overrules`): even a cue of low measured reliability is right more often
than the model disagreeing with it (measured left out, cues of one mention below a reliability bar of
0.8-0.95, gates 0.5-0.9: 2-18 kinds fixed for 4-92 broken). ``None`` where the static table,
``tokenizers`` or the model file is missing or damaged.

A model file one :data:`~.kind_slots.WIDTH` of rows wider also reads the grammatical slots around each
mention (:mod:`.kind_slots`: the word before the name, what follows it, the WordNet supersenses of the
words next to it). None is shipped: trained on seventeen sets it raised kinds right left out by 9 of 1,915
names net, one set lower (docs/entities.md, kinds round 17); ``scripts/gen_kind_context_model.py --slots``
writes one. Where the ``local`` extra is installed, a second file reads the sentence model's vector of
the mention lines too (:mod:`.kind_sentence`, shipped since kinds round 18): the two models' probabilities
are averaged, the context gate is the file's (:func:`gate`), and the weak cue's overrule reads the static
model's alone (:func:`static_probabilities`).
"""

from __future__ import annotations

import hashlib
import re
import zipfile
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from mdrecall.errors import MdrecallError
from mdrecall.knowledge.kinds import kind_sentence
from mdrecall.knowledge.kinds.kind_guess import KindGuess
from mdrecall.knowledge.kinds.name_shape import shape_features
from mdrecall.knowledge.lexicon.kind_slots import WIDTH, slots
from mdrecall.knowledge.lexicon.name_lists import given_name, places
from mdrecall.knowledge.mentions.extract import KINDS
from mdrecall.stores.views import ChunkAtStore

if TYPE_CHECKING:
    import numpy as np

    from mdrecall.stores.views import ViewStore

__all__ = [
    "GATE",
    "MAX_MENTIONS",
    "MODEL_FILE",
    "WINDOW",
    "Mention",
    "context_guess",
    "CONFUSED",
    "OVERRULE_GATE",
    "Probabilities",
    "context_kind",
    "context_probabilities",
    "context_probabilities_many",
    "features",
    "gate",
    "mentions",
    "overrules",
    "probabilities_many",
    "static_probabilities",
]

MODEL_FILE = Path(__file__).parents[1] / "data" / "kind_context_model.npz"
#: The least probability the model must give a kind to answer.
GATE = 0.4
#: The kinds a weak cue (:func:`~.kind_vote.weak_cue`) mixes up, each with the kind the model may put in
#: its place: "at Skatteverket" or "(Evidensia?)" reads the same for a place and for the organisation that
#: keeps an office there. Only this pair: measured leaving one set out, the model overruling a weak cue of
#: any kind broke more kinds than it fixed (docs/entities.md).
CONFUSED = {"place": "organisation", "organisation": "place"}
#: The least probability the model must give the other kind of the pair to overrule a weak cue (left out:
#: at 0.9, 3 kinds fixed and none broken; at 0.7, 6 fixed and 1 broken, and a village "in Skerrivik",
#: windy, with a cliff path, became an organisation at 0.83).
OVERRULE_GATE = 0.9
#: Words read on each side of a mention.
WINDOW = 5
#: Mention lines read per entity (the first, in path and line order).
MAX_MENTIONS = 24
#: The bags of words per mention, in the order of the model's features.
BLOCKS = ("window", "heading", "label", "path")

_WORD = re.compile(r"\w[\w'’&.-]*")
_LABEL = re.compile(r"^\s*(?:[-*+]|\d+[.)])?\s*(?:\[[ xX]\]\s*)?\**([^:*\n]{1,40}?)\**\s*:")
_PATH_SPLIT = re.compile(r"[/_\-. ]+")


class Mention(NamedTuple):
    """One line naming the entity: its file, text, and the heading above it."""

    path: str
    text: str
    heading: str


def mentions(store: ViewStore, keys: Sequence[str]) -> list[Mention]:
    """The first :data:`MAX_MENTIONS` lines naming any of ``keys``, with their file and heading."""
    where = sorted(store.mention_lines(keys))[:MAX_MENTIONS]
    texts = store.line_texts(where)
    out = []
    for path, line in where:  # a store that cannot read a chunk back gives no headings
        chunk = store.chunk_at(path, line) if isinstance(store, ChunkAtStore) else None
        heading = chunk.heading.rsplit(" > ", 1)[-1] if chunk is not None else ""
        out.append(Mention(path, texts.get((path, line), ""), heading))
    return out


def contexts(written: Iterable[str], mention: Mention) -> dict[str, str]:
    """The words of each bag (:data:`BLOCKS`) around one mention of a name written as ``written``."""
    forms = sorted({w.casefold() for w in written if w.strip()}, key=len, reverse=True)
    text = mention.text
    low = text.casefold()
    words = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(text)]
    spans: list[tuple[int, int]] = []
    for form in forms:
        at = low.find(form)
        while at >= 0 and len(spans) < 3:
            spans.append((at, at + len(form)))
            at = low.find(form, at + len(form))
    window: list[str] = []
    for start, end in spans[:3]:
        window += [w for _s, e, w in words if e <= start][-WINDOW:]
        window += [w for s, _e, w in words if s >= end][:WINDOW]
    if not spans:
        window = [w for _s, _e, w in words]
    label = _LABEL.match(text)
    said = label.group(1) if label else ""
    if any(form in said.casefold() for form in forms):
        said = ""
    path = mention.path.removesuffix(".md")
    return {
        "window": " ".join(window),
        "heading": mention.heading.lstrip("#").strip(),
        "label": said,
        "path": " ".join(w for w in _PATH_SPLIT.split(path) if w and not w.isdigit()),
    }


def shape(name: str, written: Iterable[str], found: Sequence[Mention]) -> list[float]:
    """A few features of the name's shape and of where it stands."""
    import math

    parts = name.split()
    inner = name[1:].replace(" ", "")
    n = max(1, len(found))
    possessive = re.compile(re.escape(name) + r"['’]s\b", re.IGNORECASE)
    return [
        float(len(parts) == 1),
        float(len(parts) == 2),
        float(len(parts) >= 3),
        float(any(c.isupper() for c in inner) and not name.isupper()),
        float(name.isupper() and len(name) > 1),
        float(any(c.isdigit() for c in name)),
        float(bool(parts) and given_name(parts[0])),
        float(name in places()),
        float(any(w[:1].islower() for w in written)),
        math.log1p(len(found)) / 3,
        math.log1p(len({m.path for m in found})) / 3,
        sum(m.text.lstrip().startswith("#") for m in found) / n,
        sum(bool(possessive.search(m.text)) for m in found) / n,
    ]


def features(
    embedder: Any, name: str, written: Sequence[str], found: Sequence[Mention], slotted: bool = False
) -> np.ndarray:
    """The model's input for one entity: one averaged vector per bag, the name's vector, its shape, and
    (``slotted``) the grammatical slots around its mentions (:func:`~.kind_slots.slots`)."""
    import numpy as np

    bags = [contexts(written, m) for m in found] or [dict.fromkeys(BLOCKS, "")]
    parts = []
    for block in BLOCKS:
        v = embedder.embed_documents([c[block] for c in bags]).mean(0)
        parts.append(v / (float(np.linalg.norm(v)) or 1.0))
    parts.append(embedder.embed_documents([name])[0])
    parts.append(np.asarray(shape(name, written, found), np.float32))
    if slotted:
        parts.append(slots(written, found))
    return np.concatenate(parts).astype(np.float32)


@cache
def _model() -> tuple[Any, Any, Any, tuple[str, ...], bool] | None:
    import numpy as np

    from mdrecall.embedders import static

    if not static.is_available() or not MODEL_FILE.is_file():
        return None
    embedder = static.StaticEmbedder()
    try:  # a damaged or foreign file is no model: names stay unknown
        with np.load(MODEL_FILE, allow_pickle=False) as data:
            weights, bias = data["weights"], data["bias"]
            kinds = tuple(str(k) for k in data["kinds"])
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    size = len(BLOCKS) * embedder.dims + embedder.dims + len(shape("x", (), ()))
    slotted = weights.shape[:1] == (size + WIDTH,)  # a model that reads the slots too (not shipped)
    shaped = weights.shape == (size + WIDTH * slotted, len(kinds)) and bias.shape == (len(kinds),)
    shaped = shaped and weights.dtype.kind == bias.dtype.kind == "f"
    if not kinds or not shaped or not set(kinds) <= set(KINDS) or not np.isfinite(weights).all():
        return None
    return embedder, weights, bias, kinds, slotted


def probabilities(name: str, written: Sequence[str], found: Sequence[Mention]) -> dict[str, float] | None:
    """Each kind's probability for the entity ``name`` mentioned on ``found`` (``None``: no model)."""
    return probabilities_many([(name, written, found)])[0]


def probabilities_many(
    names: Sequence[tuple[str, Sequence[str], Sequence[Mention]]], sentence: int | None = None
) -> list[dict[str, float] | None]:
    """:func:`probabilities` for each (name, written forms, mention lines) of ``names``, in order; the
    sentence model embeds all their lines together (:func:`~.kind_sentence.vectors`), not name by name,
    for the first ``sentence`` names only (``None``: all; the others: the static model's answer)."""
    if (model := _model()) is None:
        return [None] * len(names)
    import numpy as np

    embedder, weights, bias, kinds, slotted = model
    xs = [features(embedder, name, written, found, slotted) for name, written, found in names]
    outs: list[dict[str, float] | None] = [_softmax(kinds, x @ weights + bias) for x in xs]
    if not xs or (reader := kind_sentence.model(len(xs[0]))) is None:
        return outs
    some = names if sentence is None else names[:sentence]
    try:  # the sentence model installed: it reads too
        vectors = kind_sentence.vectors(reader.embedder, [(written, found) for _n, written, found in some])
    except MdrecallError:  # a damaged model install: the static model's answer stands
        return outs
    share = reader.share
    for i, (x, vector) in enumerate(zip(xs, vectors, strict=False)):
        out = outs[i] or {}
        own = [np.asarray(shape_features(names[i][0]), np.float32)] if reader.shaped else []
        read = _softmax(reader.kinds, np.concatenate([x, vector, *own]) @ reader.weights + reader.bias)
        both = dict.fromkeys([*out, *read])
        mixed = Probabilities({k: (1 - share) * out.get(k, 0.0) + share * read.get(k, 0.0) for k in both})
        mixed.static = out
        outs[i] = mixed
    return outs


class Probabilities(dict[str, float]):
    """Each kind's probability from the static and the sentence model together; ``static``: the static
    model's alone, which the weak cue's overrule reads (:func:`static_probabilities`)."""

    static: dict[str, float]


def static_probabilities(p: Mapping[str, float] | None) -> Mapping[str, float] | None:
    """The static model's probabilities in ``p``: the weak cue's overrule (:data:`OVERRULE_GATE`) was
    calibrated on them, and left one set out the averaged ones overrule no better (docs/entities.md, kinds
    round 18)."""
    return p.static if isinstance(p, Probabilities) else p


def _softmax(kinds: Sequence[str], z: np.ndarray) -> dict[str, float]:
    import numpy as np

    p = np.exp(z - z.max())
    p /= p.sum()
    return {k: float(v) for k, v in zip(kinds, p, strict=True)}


def gate() -> float:
    """The least probability at which the context model answers: :data:`GATE`, or the gate the sentence
    model's file sets for the averaged probabilities where that file is read."""
    if (model := _model()) is None:
        return GATE
    reader = kind_sentence.model(model[1].shape[0])
    return reader.gate if reader is not None and reader.gate is not None else GATE


def overrules(found: KindGuess | None, kind: str) -> bool:
    """Whether the model's guess ``found`` replaces ``kind``, given by a weak cue: it says the other kind of
    the pair (:data:`CONFUSED`) with a probability of at least :data:`OVERRULE_GATE`."""
    return found is not None and found.kind == CONFUSED.get(kind) and found.p >= OVERRULE_GATE


def context_kind(store: ViewStore, name: str, keys: Sequence[str], written: Sequence[str]) -> str | None:
    """The kind the words around the mentions of ``keys`` suggest for ``name``, or ``None`` when the
    model is unsure (below :data:`GATE`) or not installed."""
    found = context_guess(store, name, keys, written)
    return found.kind if found is not None else None


def context_guess(
    store: ViewStore, name: str, keys: Sequence[str], written: Sequence[str]
) -> KindGuess | None:
    """:func:`context_kind` with the probability the model gave the kind."""
    p = context_probabilities(store, name, keys, written)
    if not p:
        return None
    best = max(p, key=lambda k: p[k])
    return KindGuess(best, p[best]) if p[best] >= gate() else None


def context_probabilities(
    store: ViewStore, name: str, keys: Sequence[str], written: Sequence[str]
) -> dict[str, float] | None:
    """Each kind's probability from the words around the mentions of ``keys`` (``None``: no model)."""
    return context_probabilities_many(store, [(name, keys, written)])[0]


def context_probabilities_many(
    store: ViewStore, entities: Sequence[tuple[str, Sequence[str], Sequence[str]]]
) -> list[dict[str, float] | None]:
    """:func:`context_probabilities` for each (name, keys, written forms) of ``entities``, in order: those
    whose mention lines are kept (:data:`_KEPT`) from there, the others read together
    (:func:`probabilities_many`: one batch of sentence embeddings for all their lines)."""
    if (model := _model()) is None:
        return [None] * len(entities)
    reader = kind_sentence.model(model[1].shape[0])
    out: list[dict[str, float] | None] = [None] * len(entities)
    wanted: dict[tuple[int, int, str, tuple[str, ...], bytes], list[int]] = {}
    read: list[tuple[str, Sequence[str], Sequence[Mention]]] = []
    held = 0

    left = [SENTENCE_NAMES, SENTENCE_LINES]  # names and lines the sentence model may still read here

    def flush() -> None:
        budget, lines = left[0], 0
        for n, (_name, _written, found) in enumerate(read[:budget]):
            if lines + len(found) > left[1]:  # this name's lines do not fit: it and the rest go unread
                budget = n
                left[0] = len(read)  # and so do the names of later batches
                break
            lines += len(found)
        got = probabilities_many(read, sentence=budget)
        left[0], left[1] = max(0, left[0] - len(read)), left[1] - lines
        for n, (key, p) in enumerate(zip(wanted, got, strict=True)):
            if n < budget or reader is None:  # the static model's answer past the bound is not kept
                _KEPT[key] = p
            for i in wanted[key]:
                out[i] = p
        wanted.clear()
        read.clear()
        while len(_KEPT) > KEPT:
            _KEPT.popitem(last=False)

    for i, (name, keys, written) in enumerate(entities):
        if not name.strip():
            continue
        found = mentions(store, keys)
        key = (id(model), id(reader), name, tuple(written), _digest(found))
        if key in _KEPT:
            _KEPT.move_to_end(key)
            out[i] = _KEPT[key]
        elif key in wanted:  # the same entity asked twice: read once
            wanted[key].append(i)
        else:
            wanted[key] = [i]
            read.append((name, written, found))
            held += sum(len(m.text) for m in found)
            if held >= HELD_CHARS:  # mention lines held at once are bounded, however long the lines
                flush()
                held = 0
    flush()
    return out


#: Characters of mention lines :func:`context_probabilities_many` holds before reading what it holds.
HELD_CHARS = 2_000_000
#: Names the sentence model reads in one call of :func:`context_probabilities_many` (a listing): past them
#: the static model answers alone, so that a page of 20,000 names typed by no rule costs seconds, not
#: minutes (~1 ms a name embedded: the fault campaign's 20,000 "- Role N: Name" lines, 20 s of views).
SENTENCE_NAMES = 500
#: Mention lines the sentence model reads in one such call: a name past them is answered by the static model
#: alone. A megabyte of pasted stack traces or an agent's log holds hundreds of names no rule types, each
#: with its lines (~9 ms of CPU a line embedded: 1,356 lines cost 11.8 s of a 12 s listing); 500 lines
#: bound a listing to about 4.5 s, and no tuning set's listing reads more than a few dozen.
SENTENCE_LINES = 500


def _digest(found: Sequence[Mention]) -> bytes:
    """A digest of the mention lines (not kept: a line may be a page's megabyte), each part prefixed by its
    length, so that no text (a NUL in a line or a heading) can move a boundary and give two different lists
    of lines one digest."""
    digest = hashlib.blake2b(digest_size=16)
    for m in found:
        for part in m:
            data = part.encode("utf-8", "surrogatepass")
            digest.update(len(data).to_bytes(8, "little") + data)
    return digest.digest()


#: Probabilities kept across index changes, for entities whose mention lines are the same (most, after an
#: edit): the sentence model embeds each line (about 8 ms of CPU a name). Keyed by the models' identities (a
#: model read again is another), the name, its written forms and a digest of its lines; the oldest first out.
_KEPT: OrderedDict[tuple[int, int, str, tuple[str, ...], bytes], dict[str, float] | None] = OrderedDict()
KEPT = 8192
