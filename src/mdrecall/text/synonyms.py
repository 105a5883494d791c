"""Bilingual (Spanish ↔ English) query synonyms for a memory assistant, extensible from config.

A *group* is a set of words or phrases that mean the same thing (``{"deadline", "plazo", "fecha
límite"}``); looking up any member gives the others, so lookup is symmetric. Keys are
accent-insensitive and case-insensitive ("reunion" finds "reunión"), a plural finds its singular
("meetings", "facturas"), and phrases ("base de datos") are matched as consecutive query words.

User pairs (``search.synonyms``: ``{"coche": ["car", "auto"]}``) each add one more group: the key
and its values are synonyms of one another, and of nothing else (groups are not chained).
Everything here is pure; :func:`synonym_table` caches the merged table per user mapping.

*Related* words (:func:`related_words`) are looser: WordNet 3.0's synonyms of common English nouns and
verbs (``data/wordnet_synonyms.txt``, written by ``scripts/gen_synonym_words.py``: "reservations" →
booking, "vegetables" → veg). A search weighs them below the question's own words
(:data:`mdrecall.search.ranking.RELATED_WEIGHT`), since a word's other sense may be the one meant.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path

from mdrecall.text.tokens import strip_accents, tokenize

__all__ = [
    "BUILTIN_GROUPS",
    "DEFAULT_SYNONYMS",
    "MAX_RELATED",
    "SynonymTable",
    "fold",
    "related_table",
    "related_words",
    "synonym_table",
]

#: Built-in groups: English forms first, then Spanish. Avoid date words (see
#:mod:`mdrecall.text.date_phrases.dates`).
BUILTIN_GROUPS: tuple[tuple[str, ...], ...] = (
    ("meeting", "reunión", "junta"),
    ("decision", "decisión"),
    ("deadline", "due date", "plazo", "fecha límite", "vencimiento"),
    ("bug", "error", "fallo"),
    ("database", "base de datos"),
    ("customer", "client", "cliente"),
    ("invoice", "factura"),
    ("birthday", "cumpleaños"),
    ("doctor", "physician", "médico"),
    ("flight", "vuelo"),
    ("appointment", "cita"),
    ("reminder", "recordatorio"),
    ("task", "tarea"),
    ("pending", "pendiente"),
    ("project", "proyecto"),
    ("budget", "presupuesto"),
    ("payment", "pago"),
    ("price", "precio"),
    ("cost", "costo", "coste"),
    ("contract", "contrato"),
    ("launch", "lanzamiento"),
    ("version", "versión"),
    ("password", "contraseña"),
    ("account", "cuenta"),
    ("email", "correo", "correo electrónico"),
    ("phone", "teléfono"),
    ("address", "dirección"),
    ("trip", "travel", "viaje"),
    ("vacation", "holidays", "vacaciones"),
    ("dinner", "cena"),
    ("lunch", "almuerzo", "comida"),
    ("breakfast", "desayuno"),
    ("gift", "present", "regalo"),
    ("wife", "esposa"),
    ("husband", "esposo", "marido"),
    ("family", "familia"),
    ("friend", "amigo", "amiga"),
    ("boss", "manager", "jefe", "jefa"),
    ("team", "equipo"),
    ("company", "empresa", "compañía"),
    ("job", "work", "trabajo"),
    ("salary", "salario", "sueldo"),
    ("medicine", "medication", "medicina", "medicamento"),
    ("allergy", "alergia"),
    ("car", "coche", "carro", "auto"),
    ("house", "home", "casa"),
    ("rent", "alquiler"),
    ("school", "escuela", "colegio"),
    ("exam", "examen"),
    ("report", "informe", "reporte"),
    ("feedback", "comentarios", "retroalimentación"),
    ("goal", "objetivo", "meta"),
    ("problem", "issue", "problema"),
    ("solution", "fix", "solución"),
    ("server", "servidor"),
    ("deploy", "deployment", "despliegue"),
    ("kubernetes", "k8s"),
    ("postgresql", "postgres"),
    ("internationalization", "i18n"),
    ("accessibility", "a11y"),
    ("user", "usuario"),
    ("sales", "ventas"),
    ("purchase", "compra"),
    ("supplier", "vendor", "proveedor"),
    ("interview", "entrevista"),
    ("hiring", "contratación"),
    ("weather", "clima"),
    ("recipe", "receta"),
    ("book", "libro"),
    ("movie", "film", "película"),
    ("song", "canción"),
    ("music", "música"),
    ("dog", "perro"),
    ("cat", "gato"),
    ("children", "kids", "hijos", "niños"),
    ("mother", "mom", "madre", "mamá"),
    ("father", "dad", "padre", "papá"),
    ("sister", "hermana"),
    ("brother", "hermano"),
    ("wedding", "boda"),
    ("anniversary", "aniversario"),
    ("party", "fiesta"),
    ("question", "pregunta"),
    ("answer", "respuesta"),
    ("note", "nota"),
    ("document", "documento"),
    ("file", "archivo", "fichero"),
    ("folder", "carpeta"),
    ("backup", "copia de seguridad", "respaldo"),
    ("migration", "migración"),
    ("security", "seguridad"),
    ("privacy", "privacidad"),
    ("taxes", "impuestos"),
    ("bank", "banco"),
    ("loan", "préstamo"),
    ("mortgage", "hipoteca"),
    ("health", "salud"),
    ("gym", "gimnasio"),
    ("schedule", "calendar", "agenda", "calendario", "horario"),
    ("call", "llamada"),
    ("message", "mensaje"),
    ("preference", "preferencia"),
    ("language", "idioma"),
    ("agreement", "acuerdo"),
    ("risk", "riesgo"),
    ("priority", "prioridad"),
    ("milestone", "hito"),
    ("review", "revisión"),
    ("test", "prueba"),
    ("outage", "downtime", "caída"),
    ("incident", "incidente"),
    ("alert", "alerta"),
    *(
        # English word forms the Porter stemmer does not join (irregular verbs, a few derivations):
        # "what did we choose" must find "we chose".
        ("decide", "decision"),
        ("choose", "chose", "chosen", "choice"),
        ("buy", "bought"),
        ("pay", "paid"),
        ("meet", "met"),
        ("write", "wrote", "written"),
        ("begin", "began", "begun"),
        ("speak", "spoke", "spoken"),
        ("teach", "taught"),
        ("catch", "caught"),
        ("bring", "brought"),
        ("lose", "lost"),
        ("sell", "sold"),
        ("eat", "ate", "eaten"),
        ("drive", "drove", "driven"),
        ("fly", "flew", "flown"),
        ("swim", "swam"),
        ("draw", "drew", "drawn"),
        ("build", "built"),
        ("send", "sent"),
        ("spend", "spent"),
        ("sing", "sang", "sung"),
        ("grow", "grew", "grown"),
        ("break", "broke", "broken"),
        ("sleep", "slept"),
        ("hear", "heard"),
        ("hold", "held"),
        ("wear", "wore", "worn"),
        ("fall", "fell", "fallen"),
        ("forget", "forgot", "forgotten"),
        ("ride", "rode", "ridden"),
        ("tell", "told"),
    ),
)


def fold(text: str) -> str:
    """The lookup key of a word or phrase: its tokens, lowercased, without accents, space-joined."""
    return " ".join(strip_accents(tok) for tok in tokenize(text))


class SynonymTable:
    """Groups of equivalent words/phrases with symmetric, accent-insensitive lookup."""

    def __init__(self, groups: Iterable[Iterable[str]]) -> None:
        self._groups: list[tuple[str, ...]] = []
        self._index: dict[str, list[int]] = {}
        for group in groups:
            members = tuple(dict.fromkeys(m.strip() for m in group if m and m.strip() and fold(m)))
            if len(members) < 2:
                continue
            gid = len(self._groups)
            self._groups.append(members)
            for m in members:
                ids = self._index.setdefault(fold(m), [])
                if gid not in ids:
                    ids.append(gid)
        self.max_words = max((k.count(" ") + 1 for k in self._index), default=1)

    def __len__(self) -> int:
        return len(self._groups)

    @property
    def groups(self) -> tuple[tuple[str, ...], ...]:
        """Every group, in insertion order (built-ins first)."""
        return tuple(self._groups)

    def pairs(self) -> set[frozenset[str]]:
        """Every unordered pair of synonyms (by folded key)."""
        out: set[frozenset[str]] = set()
        for g in self._groups:
            keys = sorted({fold(m) for m in g})
            out.update(frozenset((a, b)) for i, a in enumerate(keys) for b in keys[i + 1 :])
        return out

    def lookup(self, phrase: str) -> tuple[str, ...]:
        """Synonyms of ``phrase`` (itself excluded); a plural falls back to its singular.

        An accent-only variant counts ("decision" → "decisión"), though the SQLite index folds accents.
        """
        key = self._key(fold(phrase))
        own = " ".join(tokenize(phrase))
        found: dict[str, None] = {}
        for gid in self._index.get(key or "", ()):
            for m in self._groups[gid]:
                if " ".join(tokenize(m)) != own:
                    found.setdefault(m, None)
        return tuple(found)

    def _key(self, key: str) -> str | None:
        """The indexed key for a folded word or phrase: itself, or its singular ("facturas")."""
        if key in self._index:
            return key
        for suffix in ("es", "s"):
            if len(key) > len(suffix) + 2 and key.endswith(suffix) and key[: -len(suffix)] in self._index:
                return key[: -len(suffix)]
        return None

    def expand(self, tokens: Sequence[str]) -> tuple[str, ...]:
        """Synonyms of the words and phrases in a token sequence (longest phrase first, left to right).

        Synonyms equal to a query word but for accents are left out (the SQLite index folds accents);
        a singular is kept ("reuniones" adds "reunión": Spanish has no stemmer in the index).
        """
        folded = [fold(t) for t in tokens]
        present = set(folded)
        found: dict[str, None] = {}
        i = 0
        while i < len(folded):
            step = 1
            for n in range(min(self.max_words, len(folded) - i), 0, -1):
                key = self._key(" ".join(folded[i : i + n]))
                if key is not None:
                    for syn in self.lookup(key):
                        found.setdefault(syn, None)
                    step = n
                    break
            i += step
        return tuple(s for s in found if fold(s) not in present)


DEFAULT_SYNONYMS = SynonymTable(BUILTIN_GROUPS)


def synonym_table(user: Mapping[str, Sequence[str]] | None = None) -> SynonymTable:
    """The built-in table merged with user pairs (``{"coche": ["car"]}``: each entry one more group)."""
    if not user:
        return DEFAULT_SYNONYMS
    frozen = tuple(
        (str(k), tuple([v] if isinstance(v, str) else (str(x) for x in v))) for k, v in user.items()
    )
    return _merged(frozen)


@lru_cache(maxsize=16)
def _merged(user: tuple[tuple[str, tuple[str, ...]], ...]) -> SynonymTable:
    return SynonymTable([*BUILTIN_GROUPS, *((k, *vs) for k, vs in user)])


#: At most this many related words are added to one query (each word's first ones first).
MAX_RELATED = 12
#: Inflections read back to a WordNet lemma, tried in order (WordNet's own "morphy" rules, less its
#: exception lists): "reservations" → reservation, "hired" → hire, "watches" → watch.
_SUFFIXES = (
    ("ies", "y"),
    ("ses", "s"),
    ("xes", "x"),
    ("zes", "z"),
    ("ches", "ch"),
    ("shes", "sh"),
    ("es", "e"),
    ("es", ""),
    ("s", ""),
    ("ied", "y"),
    ("ed", "e"),
    ("ed", ""),
    ("ing", "e"),
    ("ing", ""),
)


@lru_cache(maxsize=1)
def related_table() -> dict[str, tuple[str, ...]]:
    """Word → its WordNet synonyms (``data/wordnet_synonyms.txt``), read once (a few milliseconds)."""
    text = (Path(__file__).parent / "data" / "wordnet_synonyms.txt").read_text(encoding="utf-8")
    table: dict[str, tuple[str, ...]] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            word, *syns = line.split()
            table[word] = tuple(syns)
    return table


def _lemma(word: str, table: Mapping[str, tuple[str, ...]]) -> str | None:
    """``word`` or the lemma an inflection of it reads back to, if the table holds it."""
    if word in table:
        return word
    for suffix, repl in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            base = word[: -len(suffix)] + repl
            if base in table:
                return base
    return None


def related_words(words: Sequence[str], exclude: Iterable[str] = ()) -> tuple[str, ...]:
    """The WordNet synonyms of ``words`` (lowercase keywords), less ``exclude`` and the words
    themselves: at most :data:`MAX_RELATED`, the first of each word before the second of any."""
    table = related_table()
    said = {w.lower() for w in (*words, *exclude)}
    said |= {lemma for w in said if (lemma := _lemma(w, table))}
    per_word = [table.get(_lemma(w.lower(), table) or "", ()) for w in words]
    found: dict[str, None] = {}
    for depth in range(max((len(s) for s in per_word), default=0)):
        for syns in per_word:
            if depth < len(syns) and syns[depth] not in said:
                found.setdefault(syns[depth], None)
    return tuple(found)[:MAX_RELATED]
