"""What sqld learns from SQL text before running it: statements, their kind, their parameters.

sqld parses every statement with its own SQLite parser before executing anything; the standard
library's ``sqlite3`` offers no parser, so this module lexes SQL the way SQLite's tokenizer does and
derives what the protocol needs: where statements end (``sqlite3_complete`` rules, triggers
included), the statement kind that decides read versus write permission (sqld's
``query_analysis.rs``), the parameter table (SQLite's numbering of ``?``, ``?NNN``, ``:a``, ``@a``,
``$a``) and, for plain ``SELECT ... FROM`` statements, which table column each result column is.
"""

import collections

Token = collections.namedtuple("Token", "kind text start end depth")

# Token kinds: word (bare identifier or keyword), quoted (quoted identifier), string, blob, number,
# param, op (punctuation).
SPACE = " \t\n\f\r"
PARAM_PREFIXES = "?:@$#"

# StmtKind of sqld; None means sqld refuses the statement ("unsupported statement").
TXN_BEGIN, TXN_END, READ, WRITE, DDL, SAVEPOINT, RELEASE = (
    "TxnBegin",
    "TxnEnd",
    "Read",
    "Write",
    "DDL",
    "Savepoint",
    "Release",
)
READ_KINDS = (TXN_BEGIN, TXN_END, READ, SAVEPOINT, RELEASE)

READ_PRAGMAS = {
    "table_list",
    "index_list",
    "table_info",
    "table_xinfo",
    "index_info",
    "index_xinfo",
    "pragma_list",
    "compile_options",
    "database_list",
    "function_list",
    "module_list",
    "encoding",
}
WRITE_PRAGMAS = {
    "defer_foreign_keys",
    "foreign_keys",
    "foreign_key_list",
    "foreign_key_check",
    "collation_list",
    "data_version",
    "freelist_count",
    "integrity_check",
    "legacy_file_format",
    "page_count",
    "quick_check",
    "stats",
    "user_version",
}
WRITE_PRAGMAS_WITHOUT_ARGUMENT = {
    "analysis_limit",
    "application_id",
    "auto_vacuum",
    "automatic_index",
    "busy_timeout",
    "cache_size",
    "cache_spill",
    "cell_size_check",
    "checkpoint_fullfsync",
    "fullfsync",
    "hard_heap_limit",
    "journal_mode",
    "journal_size_limit",
    "legacy_alter_table",
    "locking_mode",
    "max_page_count",
    "mmap_size",
    "page_size",
    "query_only",
    "read_uncommitted",
    "recursive_triggers",
    "reverse_unordered_selects",
    "secure_delete",
    "soft_heap_limit",
    "synchronous",
    "temp_store",
    "threads",
    "trusted_schema",
    "wal_autocheckpoint",
}
SELECT_CLAUSE_END = {"WHERE", "GROUP", "HAVING", "WINDOW", "ORDER", "LIMIT"}
COMPOUND = {"UNION", "INTERSECT", "EXCEPT"}
NOT_COLUMNS = {"NULL", "CURRENT_TIME", "CURRENT_DATE", "CURRENT_TIMESTAMP"}
IUD_VERBS = {"INSERT", "REPLACE", "UPDATE", "DELETE"}
JOIN_WORDS = {"NATURAL", "LEFT", "RIGHT", "FULL", "INNER", "CROSS", "OUTER", "JOIN"}


def _ident_char(char):
    return char.isalnum() or char in "_$" or ord(char) > 127


def _quoted_end(sql, index, close):
    """Index after the quoted run opening at ``index`` (a doubled ``close`` is an escape)."""
    pos = index + 1
    while True:
        found = sql.find(close, pos)
        if found < 0:
            return len(sql)
        if close != "]" and sql.startswith(close * 2, found):
            pos = found + 2
            continue
        return found + 1


def tokenize(sql):
    """Tokens of ``sql`` without whitespace and comments, each with its parenthesis depth."""
    tokens = []
    depth = 0
    index = 0
    length = len(sql)
    while index < length:
        char = sql[index]
        start = index
        if char in SPACE:
            index += 1
            continue
        if sql.startswith("--", index):
            newline = sql.find("\n", index)
            index = length if newline < 0 else newline + 1
            continue
        if sql.startswith("/*", index):
            close = sql.find("*/", index + 2)
            index = length if close < 0 else close + 2
            continue
        if char in "xX" and sql.startswith("'", index + 1):
            kind, index = "blob", _quoted_end(sql, index + 1, "'")
        elif char == "'":
            kind, index = "string", _quoted_end(sql, index, "'")
        elif char in "\"`[":
            kind, index = "quoted", _quoted_end(sql, index, {"[": "]"}.get(char, char))
        elif char.isdigit() or (char == "." and index + 1 < length and sql[index + 1].isdigit()):
            index += 1
            while index < length and (
                sql[index].isalnum()
                or sql[index] in "._"
                or (sql[index] in "+-" and sql[index - 1] in "eE" and not sql[start:index].lower().startswith("0x"))
            ):
                index += 1
            kind = "number"
        elif char == "?":
            index += 1
            while index < length and sql[index].isdigit():
                index += 1
            kind = "param"
        elif char in ":@$#" and index + 1 < length and _ident_char(sql[index + 1]):
            index += 1
            while index < length and (_ident_char(sql[index]) or (char == "$" and sql.startswith("::", index))):
                index += 2 if sql.startswith("::", index) else 1
            if char == "$" and sql.startswith("(", index):
                close = sql.find(")", index)
                index = length if close < 0 else close + 1
            kind = "param"
        elif _ident_char(char):
            while index < length and _ident_char(sql[index]):
                index += 1
            kind = "word"
        else:
            index += 1
            kind = "op"
        if kind == "op" and char == ")":
            depth = max(depth - 1, 0)
        tokens.append(Token(kind, sql[start:index], start, index, depth))
        if kind == "op" and char == "(":
            depth += 1
    return tokens


def _upper(token):
    return token.text.upper() if token.kind == "word" else None


def _is_trigger(tokens):
    words = [_upper(t) for t in tokens[:4]]
    if words[:1] == ["EXPLAIN"]:
        words = [_upper(t) for t in tokens[1:5]]
    return words[:2] == ["CREATE", "TRIGGER"] or (
        words[:1] == ["CREATE"] and words[1:2] in (["TEMP"], ["TEMPORARY"]) and words[2:3] == ["TRIGGER"]
    )


class Statement(object):
    """One statement: its text (as sent to SQLite), its tokens and the text they index."""

    def __init__(self, text, tokens, source):
        self.text = text
        self.tokens = tokens
        self.source = source

    @property
    def is_explain(self):
        return bool(self.tokens) and _upper(self.tokens[0]) == "EXPLAIN"


def split(sql):
    """The statements of ``sql`` in order; empty ones (``;;``, comments only) are skipped.

    A ``;`` ends a statement except inside a trigger body, where only ``; END ;`` does, as in
    ``sqlite3_complete`` (so a ``CASE ... END;`` inside the body does not).
    """
    statements = []
    current = []
    segment_start = 0
    for token in tokenize(sql):
        if token.kind == "op" and token.text == ";":
            body_ended = len(current) >= 2 and _upper(current[-1]) == "END" and current[-2].text == ";"
            inside_trigger = _is_trigger(current) and not body_ended
            if inside_trigger:
                current.append(token)
                continue
            if current:
                statements.append(Statement(sql[segment_start : token.end], current, sql))
            current = []
            segment_start = token.end
            continue
        current.append(token)
    if current:
        statements.append(Statement(sql[segment_start:], current, sql))
    return statements


def _words(tokens):
    return [_upper(t) for t in tokens]


def pragma_has_body(tokens):
    """Whether a PRAGMA (tokens after the keyword) has an argument: ``= value`` or ``(value)``."""
    name_index = 2 if len(tokens) > 2 and tokens[1].text == "." else 0
    rest = [t for t in tokens[name_index + 1 :] if t.text != ";"]
    return bool(rest)


def _pragma_kind(tokens):
    """sqld's ``pragma_kind``: tokens start after ``PRAGMA``."""
    name_index = 2 if len(tokens) > 2 and tokens[1].text == "." else 0
    if name_index >= len(tokens) or tokens[name_index].kind not in ("word", "quoted"):
        return None
    name = tokens[name_index].text.strip("\"`[]").lower()
    has_body = pragma_has_body(tokens)
    if name in READ_PRAGMAS or (name == "schema_version" and not has_body):
        return READ
    if name in WRITE_PRAGMAS or (name in WRITE_PRAGMAS_WITHOUT_ARGUMENT and not has_body):
        return WRITE
    return None


def _main_verb(tokens):
    """The verb after a ``WITH`` clause: the first top-level SELECT/VALUES/INSERT/... word."""
    for token in tokens[1:]:
        word = _upper(token)
        if token.depth == 0 and word in ("SELECT", "VALUES", "INSERT", "REPLACE", "UPDATE", "DELETE"):
            return word
    return None


def _is_temp_name(tokens, index):
    return (
        index + 1 < len(tokens)
        and tokens[index + 1].text == "."
        and tokens[index].text.strip("\"`[]").lower() == "temp"
    )


def classify(statement):
    """``(kind, is_iud, is_insert)`` as sqld's ``query_analysis.rs`` decides; kind None = unsupported."""
    tokens = statement.tokens
    words = _words(tokens)
    verb = words[0]
    if verb == "EXPLAIN":
        if words[1:2] == ["PRAGMA"]:
            return _pragma_kind(tokens[2:]), False, False
        return READ, False, False
    if verb == "WITH":
        verb = _main_verb(tokens)
    if verb in ("SELECT", "VALUES"):
        return READ, False, False
    if verb in ("INSERT", "REPLACE"):
        return WRITE, True, True
    if verb in ("UPDATE", "DELETE"):
        return WRITE, True, False
    if verb == "BEGIN":
        return TXN_BEGIN, False, False
    if verb in ("COMMIT", "END"):
        return TXN_END, False, False
    if verb == "ROLLBACK":
        return (RELEASE if "TO" in words else TXN_END), False, False
    if verb == "SAVEPOINT":
        return SAVEPOINT, False, False
    if verb == "RELEASE":
        return RELEASE, False, False
    if verb == "PRAGMA":
        return _pragma_kind(tokens[1:]), False, False
    if verb in ("ALTER", "DROP"):
        return DDL, False, False
    if verb == "REINDEX":
        return WRITE, False, False
    if verb == "CREATE":
        return _create_kind(tokens, words), False, False
    return None, False, False


def _create_kind(tokens, words):
    index = 1
    temporary = words[index : index + 1] in (["TEMP"], ["TEMPORARY"])
    if temporary:
        index += 1
    if words[index : index + 1] == ["UNIQUE"]:
        index += 1
    if words[index : index + 1] == ["VIRTUAL"]:
        index += 1
    what = words[index] if index < len(words) else None
    if what == "INDEX":
        return DDL
    if what not in ("TABLE", "VIEW", "TRIGGER"):
        return None
    index += 1
    if words[index : index + 3] == ["IF", "NOT", "EXISTS"]:
        index += 3
    if temporary or _is_temp_name(tokens, index):
        return None
    return DDL


class Parameters(object):
    """SQLite's parameter table: ``count`` and the name of each index (None for a bare ``?``)."""

    def __init__(self, statement):
        self.names = {}
        self.count = 0
        by_name = {}
        for token in statement.tokens:
            if token.kind != "param":
                continue
            text = token.text
            if text == "?":
                self.count += 1
            elif text[0] == "?":
                number = int(text[1:])
                if number > self.count or number not in self.names:
                    self.names[number] = text
                self.count = max(self.count, number)
            elif text not in by_name:
                self.count += 1
                by_name[text] = self.count
                self.names[self.count] = text

    def name(self, index):
        return self.names.get(index)


def _strip_quotes(text):
    if text[:1] in "\"`[" and len(text) > 1:
        return text[1:-1].replace(text[0] * 2, text[0]) if text[0] != "[" else text[1:-1]
    return text


def _split_top(tokens, separator=","):
    """Split ``tokens`` at top-level (depth of the first token) ``separator`` ops."""
    if not tokens:
        return []
    depth = tokens[0].depth
    parts, current = [], []
    for token in tokens:
        if token.depth == depth and token.kind == "op" and token.text == separator:
            parts.append(current)
            current = []
        else:
            current.append(token)
    parts.append(current)
    return parts


def _result_item(tokens):
    """('star', qualifier|None) | ('column', qualifier|None, name) | ('expr',)."""
    if len(tokens) >= 2 and _upper(tokens[-2]) == "AS":
        tokens = tokens[:-2]
    elif (
        len(tokens) >= 2
        and tokens[-1].kind in ("word", "quoted", "string")
        and tokens[-2].kind in ("word", "quoted")
        and _upper(tokens[-1]) not in ("NULL",)
    ):
        tokens = tokens[:-1]
    texts = [t.text for t in tokens]
    if texts == ["*"]:
        return ("star", None)
    if len(tokens) == 3 and texts[1:] == [".", "*"] and tokens[0].kind in ("word", "quoted"):
        return ("star", _strip_quotes(texts[0]))
    if (
        len(tokens) == 1
        and tokens[0].kind == "quoted"
        or (len(tokens) == 1 and tokens[0].kind == "word" and _upper(tokens[0]) not in NOT_COLUMNS)
    ):
        return ("column", None, _strip_quotes(texts[0]))
    if len(tokens) == 3 and texts[1] == "." and all(t.kind in ("word", "quoted") for t in (tokens[0], tokens[2])):
        return ("column", _strip_quotes(texts[0]), _strip_quotes(texts[2]))
    return ("expr",)


def _source(tokens):
    """A FROM item as (schema, table, alias); table None for a subquery or table function."""
    if not tokens:
        return None
    if any(t.text == "(" for t in tokens):
        alias = tokens[-1].text if tokens[-1].kind in ("word", "quoted") else None
        return (None, None, _strip_quotes(alias) if alias else None)
    schema = None
    if len(tokens) >= 3 and tokens[1].text == ".":
        schema, tokens = _strip_quotes(tokens[0].text), tokens[2:]
    table = _strip_quotes(tokens[0].text)
    rest = [t for t in tokens[1:] if _upper(t) != "AS"]
    if rest and _upper(rest[0]) in ("INDEXED", "NOT"):
        rest = []
    alias = _strip_quotes(rest[0].text) if rest else None
    return (schema, table, alias)


def simple_select(statement):
    """For ``SELECT <items> FROM <tables> ...`` without WITH/compound: (items, sources, uses_using).

    Returns None for anything else. Items come from :func:`_result_item`; sources are
    ``(schema, table, alias)`` with table None when the source is not a plain table.
    """
    tokens = statement.tokens
    if _upper(tokens[0]) != "SELECT":
        return None
    top = [t for t in tokens if t.depth == 0]
    if any(_upper(t) in COMPOUND for t in top):
        return None
    body = tokens[1:]
    if body and _upper(body[0]) in ("DISTINCT", "ALL"):
        body = body[1:]
    from_at = next((i for i, t in enumerate(body) if t.depth == 0 and _upper(t) == "FROM"), None)
    if from_at is None:
        return None
    items = [_result_item(part) for part in _split_top(body[:from_at])]
    clause = []
    for token in body[from_at + 1 :]:
        if token.depth == 0 and (_upper(token) in SELECT_CLAUSE_END or token.text == ";"):
            break
        clause.append(token)
    sources, current, uses_using, skipping = [], [], False, False
    for token in clause:
        word = _upper(token) if token.depth == 0 else None
        if token.depth == 0 and (token.text == "," or word in JOIN_WORDS):
            if current:
                sources.append(_source(current))
            current, skipping = [], False
            uses_using = uses_using or word == "NATURAL"
            continue
        if word in ("ON", "USING"):
            skipping = True
            uses_using = uses_using or word == "USING"
        if not skipping:
            current.append(token)
    if current:
        sources.append(_source(current))
    return items, sources, uses_using


def returning_select(statement):
    """For INSERT/UPDATE/DELETE ... RETURNING: ``SELECT <returning> FROM <target> LIMIT 0``, which
    names the same result columns without writing; None for other statements."""
    tokens = statement.tokens
    at = next((i for i, t in enumerate(tokens) if t.depth == 0 and _upper(t) == "RETURNING"), None)
    verb_at = next((i for i, t in enumerate(tokens) if t.depth == 0 and _upper(t) in IUD_VERBS), None)
    if at is None or verb_at is None or verb_at > at:
        return None
    verb = _upper(tokens[verb_at])
    start = verb_at + 1
    if verb != "UPDATE":
        keyword = "FROM" if verb == "DELETE" else "INTO"
        start = next(
            (i + 1 for i in range(verb_at + 1, at) if tokens[i].depth == 0 and _upper(tokens[i]) == keyword), None
        )
    elif _upper(tokens[start]) == "OR":
        start += 2
    if start is None or start >= at:
        return None
    end = start + 3 if tokens[start + 1].text == "." else start + 1
    if end < at and _upper(tokens[end]) == "AS":
        end += 2
    last = tokens[-2] if tokens[-1].text == ";" else tokens[-1]
    target = statement.source[tokens[start].start : tokens[end - 1].end]
    return "SELECT %s FROM %s LIMIT 0" % (statement.source[tokens[at].end : last.end], target)
