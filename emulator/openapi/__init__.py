"""What API Guardian reads from an uploaded OpenAPI document: the text (text.py), the endpoints and
schemas derived from it (derive.py) and the plan limits measured on it (limits.py)."""
