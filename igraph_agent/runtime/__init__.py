"""The run engine. Nothing here imports IPython or widgets."""
