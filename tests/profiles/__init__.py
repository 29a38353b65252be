"""Tests of one profile each, a folder per profile."""
