# Jupyter server settings for the workshop (binder/postBuild copies this file to the image's
# etc/jupyter/; tests/servers.py starts the test servers with it).
#
# Every click on a widget sends one message to the kernel and gets several small ones back on
# the kernel's websocket: "busy", the widget's update, "idle".  Jupyter server leaves Nagle's
# algorithm on for that socket, so the second small message waits for the browser to
# acknowledge the first, and a browser acknowledges late (delayed ACK, about 40 ms): measured
# here, a button that changes one HTML widget took 54 ms from click to screen (median of 20).
# TCP_NODELAY sends each message at once.  The server's own extension point for the kernel
# websocket (ServerApp.kernel_websocket_connection_class) is used, no code of it is changed.
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayChannels(ZMQChannelsWebsocketConnection):
    """The kernel's websocket channels, each message sent at once (TCP_NODELAY)."""

    def connect(self):
        self.websocket_handler.set_nodelay(True)
        return super().connect()


c = get_config()  # noqa: F821 (the config loader defines it)
c.ServerApp.kernel_websocket_connection_class = NoDelayChannels
# Voila on its own has its own setting for the same class; it reads this file when it is copied to
# voila.py in one of Jupyter's config directories (tests/test_voila.py does so).
c.Voila.kernel_websocket_connection_class = NoDelayChannels

# Voilà's page (/voila/render/...) with the workshop's template, which asks no CDN for its
# stylesheets (binder/jupyter/voila/templates/condottiere), and without MathJax: Voilà as a server
# extension loads it from cdnjs unless both of its MathJax settings are empty, as they are for
# Voilà on its own (the app has no formula).  A setting of this file, not of a
# jupyter_server_config.d/ file: this one is read wherever it is (a prefix named by
# JUPYTER_CONFIG_PATH too), and by Voilà on its own.
c.VoilaConfiguration.template = "condottiere"
c.ServerApp.tornado_settings.update({"mathjax_url": None, "mathjax_config": None})
