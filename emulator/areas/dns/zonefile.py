"""Zone files (BIND master file text) for ``GET /dnszone/{id}/export`` and ``POST /dnszone/{id}/import`` (no HTTP).

:func:`render` writes a zone's records (``DnsRecordModel`` dicts, ``Type`` an integer) as BIND text: ``$ORIGIN``
then one line per record (``name ttl IN TYPE rdata``, ``@`` for the apex, host names absolute with a trailing dot,
TXT quoted in strings of at most 255 characters); the platform's own record types (Redirect, Flatten, PullZone,
Script) have no zone-file form and are left out. A zone without records is an empty text. The exact layout of the
platform's export is not documented (only that it is BIND text, empty for an empty zone); this one is inferred.

:func:`parse` reads BIND text into ``(kind, body_or_reason)`` per record: ``("record", AddDnsRecordModel dict)``,
``("skipped", why)`` for what the platform keeps itself (SOA, NS at the apex), ``("failed", why)`` for a line it
cannot take (a type it does not have, a name outside the zone, a malformed line). It understands ``$ORIGIN``,
``$TTL``, ``@``, relative and absolute names, a blank owner (the previous name), TTL units (``1h``), the class ``IN``,
comments, quoted strings and parentheses across lines.
"""

import re

TYPES = {0: "A", 1: "AAAA", 2: "CNAME", 3: "TXT", 4: "MX", 8: "SRV", 9: "CAA", 10: "PTR", 12: "NS"}
NUMBERS = {name: number for number, name in TYPES.items()}
HOST_TYPES = ("CNAME", "PTR", "NS")
DEFAULT_TTL = 3600
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
_TTL = re.compile(r"^(\d+[smhdwSMHDW]?)+$")


def _absolute(host):
    return host if host.endswith(".") else host + "."


def _quoted(text):
    text = text or ""
    chunks = [text[i : i + 255] for i in range(0, len(text), 255)] or [""]
    return " ".join('"%s"' % chunk.replace("\\", "\\\\").replace('"', '\\"') for chunk in chunks)


def _rdata(kind, record):
    value = record.get("Value") or ""
    if kind in HOST_TYPES:
        return _absolute(value)
    if kind == "TXT":
        return _quoted(value)
    if kind == "MX":
        return "%d %s" % (record.get("Priority") or 0, _absolute(value))
    if kind == "SRV":
        return "%d %d %d %s" % (
            record.get("Priority") or 0,
            record.get("Weight") or 0,
            record.get("Port") or 0,
            _absolute(value),
        )
    if kind == "CAA":
        return '%d %s "%s"' % (record.get("Flags") or 0, record.get("Tag") or "issue", value.replace('"', '\\"'))
    return value


def render(domain, records):
    """The zone file of ``domain`` holding ``records`` (DnsRecordModel dicts); empty without records."""
    lines = []
    for record in records:
        kind = TYPES.get(record.get("Type"))
        if kind is None:
            continue
        name = record.get("Name") or "@"
        lines.append("%s\t%d\tIN\t%s\t%s" % (name, record.get("Ttl") or 0, kind, _rdata(kind, record)))
    if not lines:
        return ""
    return "$ORIGIN %s\n%s\n" % (_absolute(domain.rstrip(".")), "\n".join(lines))


# --- parsing --------------------------------------------------------------------------------------------------


class _Bad(ValueError):
    pass


def _tokens(line):
    """The tokens of one line: quoted strings as ``('"', text)``, parentheses as ``(`` and ``)``, comments dropped."""
    tokens, i = [], 0
    while i < len(line):
        char = line[i]
        if char == ";":
            break
        if char.isspace():
            i += 1
            continue
        if char in "()":
            tokens.append(char)
            i += 1
            continue
        if char == '"':
            text, i = [], i + 1
            while i < len(line) and line[i] != '"':
                if line[i] == "\\" and i + 1 < len(line):
                    i += 1
                text.append(line[i])
                i += 1
            if i >= len(line):
                raise _Bad("an unterminated quoted string")
            tokens.append(('"', "".join(text)))
            i += 1
            continue
        start = i
        while i < len(line) and not line[i].isspace() and line[i] not in ';"()':
            i += 1
        tokens.append(line[start:i])
    return tokens


def _logical_lines(text):
    """``(starts_blank, tokens)`` per logical line (lines inside parentheses joined); ``(False, _Bad)`` for a bad
    one."""
    pending, blank, depth = [], False, 0
    for raw in text.splitlines():
        try:
            tokens = _tokens(raw)
        except _Bad as bad:
            yield False, bad
            pending, depth = [], 0
            continue
        if not tokens:
            continue
        if not pending and depth == 0:
            blank = raw[:1].isspace()
        depth += tokens.count("(") - tokens.count(")")
        pending.extend(t for t in tokens if t not in ("(", ")"))
        if depth <= 0:
            if pending:
                yield blank, pending
            pending, depth = [], 0
    if pending:
        yield blank, pending


def _seconds(token):
    if token.isdigit():
        return int(token)
    total = 0
    for number, unit in re.findall(r"(\d+)([smhdwSMHDW])", token):
        total += int(number) * _UNITS[unit.lower()]
    return total


def _relative(name, origin, domain):
    """The record name relative to ``domain`` ("" for the apex), or None when it lies outside the zone."""
    fqdn = origin if name == "@" else (name if name.endswith(".") else "%s.%s" % (name, origin))
    fqdn, zone = fqdn.rstrip(".").lower(), domain.rstrip(".").lower()
    if fqdn == zone:
        return ""
    if fqdn.endswith("." + zone):
        return fqdn[: -len(zone) - 1]
    return None


def _host(token, origin):
    """A target host name as the platform keeps it: absolute, without the trailing dot."""
    if token == "@":
        return origin.rstrip(".")
    return token.rstrip(".") if token.endswith(".") else "%s.%s" % (token, origin.rstrip("."))


def _text(token):
    return token[1] if isinstance(token, tuple) else token


def _body(kind, rdata, origin):
    """The AddDnsRecordModel members of ``kind`` from its rdata tokens."""
    words = [_text(t) for t in rdata]
    if kind == "TXT":
        return {"Value": "".join(words)}
    if not words:
        raise _Bad("no data")
    if kind in ("A", "AAAA"):
        return {"Value": words[0]}
    if kind in HOST_TYPES:
        return {"Value": _host(words[0], origin)}
    if kind == "MX" and len(words) >= 2 and words[0].isdigit():
        return {"Priority": int(words[0]), "Value": _host(words[1], origin)}
    if kind == "SRV" and len(words) >= 4 and all(w.isdigit() for w in words[:3]):
        return {
            "Priority": int(words[0]),
            "Weight": int(words[1]),
            "Port": int(words[2]),
            "Value": _host(words[3], origin),
        }
    if kind == "CAA" and len(words) >= 3 and words[0].isdigit():
        return {"Flags": int(words[0]), "Tag": words[1], "Value": words[2]}
    raise _Bad("malformed %s data" % kind)


def parse(text, domain):
    """``[(kind, body_or_reason)]``, one per record line of ``text`` (see the module docstring)."""
    results = []
    origin = domain.rstrip(".") + "."
    ttl_default, previous = DEFAULT_TTL, None
    for blank, tokens in _logical_lines(text or ""):
        if isinstance(tokens, _Bad):
            results.append(("failed", str(tokens)))
            continue
        head = _text(tokens[0])
        if head.upper() == "$ORIGIN" and len(tokens) > 1:
            origin = (
                _absolute(_text(tokens[1])) if _text(tokens[1]).endswith(".") else "%s.%s" % (_text(tokens[1]), origin)
            )
            continue
        if head.upper() == "$TTL" and len(tokens) > 1 and _TTL.match(_text(tokens[1])):
            ttl_default = _seconds(_text(tokens[1]))
            continue
        if head.startswith("$"):
            results.append(("failed", "the directive %s is not supported" % head))
            continue
        rest = list(tokens)
        name = previous if blank else _text(rest.pop(0))
        ttl = ttl_default
        while rest and isinstance(rest[0], str) and (_TTL.match(rest[0]) or rest[0].upper() in ("IN", "CH", "HS")):
            token = rest.pop(0)
            if token.upper() == "IN":
                continue
            if token.upper() in ("CH", "HS"):
                name = None  # another class: not a record of this zone
                break
            ttl = _seconds(token)
        if name is None or not rest:
            results.append(("failed", "a line without an owner name or a type"))
            continue
        previous = name
        kind = _text(rest.pop(0)).upper()
        relative = _relative(name, origin, domain)
        if kind == "SOA" or (kind == "NS" and relative == ""):
            results.append(("skipped", "%s records at the apex are kept by the platform" % kind))
            continue
        if kind not in NUMBERS:
            results.append(("failed", "the record type %s is not one the platform has" % kind))
            continue
        if relative is None:
            results.append(("failed", "the name %s is outside the zone %s" % (name, domain)))
            continue
        try:
            body = _body(kind, rest, origin)
        except _Bad as bad:
            results.append(("failed", str(bad)))
            continue
        results.append(("record", dict({"Type": NUMBERS[kind], "Ttl": ttl, "Name": relative}, **body)))
    return results
