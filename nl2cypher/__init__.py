"""nl2cypher: Chinese finance questions to Cypher over a knowledge graph."""

__version__ = "0.1.0"
