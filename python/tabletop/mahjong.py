from ._native import mahjong as _native

__doc__ = _native.__doc__
__all__ = [name for name in dir(_native) if not name.startswith("_")]
globals().update({name: getattr(_native, name) for name in __all__})
