"""libSQL's Hrana over HTTP v2 as sqld serves it: the request loop and streams (server.py), the JSON
protocol (proto.py), running statements (execute.py) and what sqld reads from SQL text (sql.py)."""
