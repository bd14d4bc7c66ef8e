"""Running experiments: the experiment file (its keys, validation and cells), the runner
(chunks, manifest, resume), the records' decoded columns, and the notebook API."""
