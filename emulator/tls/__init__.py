"""Certificates at the edge: reading PEM and DER (pem.py) and a listener serving each hostname's
certificate by SNI (listener.py)."""
