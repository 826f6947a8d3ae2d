"""A TLS listener that serves each pull zone hostname's installed certificate, chosen by SNI.

It stands for the platform's edge, so a client can compare the certificate a hostname really
serves when the API does not return it. Each connection gets the TLS handshake, then a bare
``204`` answer and the end of the connection: no HTTP routing, no data. A name without a custom
certificate is refused with the ``unrecognized_name`` alert, as a server without that name would.
"""

import hashlib
import os
import shutil
import socket
import ssl
import tempfile
import threading

from . import pem

ANSWER = b"HTTP/1.1 204 No Content\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"


class TlsListener(object):
    """Listens on ``host:port`` (0 picks a free port) until :meth:`close`.

    ``lookup(server_name)`` returns the ``(certificate_bytes, key_bytes)`` installed on that name,
    or None; it is called for every handshake, so a new upload is served at once.
    """

    def __init__(self, lookup, host="127.0.0.1", port=0):
        self.lookup = lookup
        self.folder = tempfile.mkdtemp(prefix="edge-emulator-tls-")
        self.contexts = {}
        self.base = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self.base.sni_callback = self._choose
        self.socket = socket.create_server((host, port))
        self.socket.settimeout(0.2)
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._serve, name="emulator-tls", daemon=True)
        self.thread.start()

    @property
    def address(self):
        host, port = self.socket.getsockname()[:2]
        return "[%s]:%d" % (host, port) if ":" in host else "%s:%d" % (host, port)

    def _choose(self, connection, server_name, _context):
        found = self.lookup((server_name or "").lower())
        if found is None:
            return ssl.ALERT_DESCRIPTION_UNRECOGNIZED_NAME
        try:
            connection.context = self._context(*found)
        except (ssl.SSLError, OSError, ValueError):
            return ssl.ALERT_DESCRIPTION_INTERNAL_ERROR
        return None

    def _context(self, certificate, key):
        tag = hashlib.sha256(certificate + b"\0" + key).hexdigest()
        context = self.contexts.get(tag)
        if context is None:
            chain, key_pem = pem.server_files(certificate, key)
            path = os.path.join(self.folder, tag + ".pem")
            handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(handle, "w") as stream:
                stream.write(chain + key_pem)
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(path)
            self.contexts[tag] = context
        return context

    def _serve(self):
        while not self.stopping.is_set():
            try:
                connection, _peer = self.socket.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            threading.Thread(target=self._answer, args=(connection,), daemon=True).start()

    def _answer(self, connection):
        connection.settimeout(5)
        try:
            with self.base.wrap_socket(connection, server_side=True) as tls:
                tls.sendall(ANSWER)
        except (OSError, ValueError):
            pass  # a refused name or a client that only wanted the certificate
        finally:
            connection.close()

    def close(self):
        self.stopping.set()
        self.socket.close()
        self.thread.join(2)
        shutil.rmtree(self.folder, ignore_errors=True)
