// The library users import: the stages' public API under one name, as TextKit is one import.
@_exported import GalleyLayout
@_exported import GalleyRender
@_exported import GalleyText
