import logging

log = logging.getLogger(__name__)


class Server:
    def __init__(self, host, port):
        self.host = host
        self.port = port

    def start(self):
        log.info("starting")
        self.bind()

    def stop(self):
        log.info("stopping")
        self.unbind()

    def bind(self):
        pass

    def unbind(self):
        pass
