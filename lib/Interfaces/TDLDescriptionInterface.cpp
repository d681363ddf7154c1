//===- TDLDescriptionInterface.cpp - An op's TDL description --------------===//

#include "Tofu/Interfaces/TDLDescriptionInterface.h"

#include "Tofu/Interfaces/TDLDescriptionInterface.cpp.inc"
