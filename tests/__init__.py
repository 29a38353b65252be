"""The test suite, in folders by concern (a package, so that the folders may share
basenames and import ``tests.support``)."""
