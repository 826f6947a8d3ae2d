"""The edge platform emulator: a local, offline stand-in for the platform's HTTP APIs.

An independent implementation written from the published interface: it never imports the
collection's plugins, so integration tests compare two implementations rather than one with itself.
"""
