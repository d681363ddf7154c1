//===- Sdy.cpp - Shardy's annotations, as text ----------------------------===//
//
// The dialect takes any op (they print in the generic form) and keeps any
// attribute as its text, so that a module --tofu-export-sharding annotated
// parses and prints back unchanged.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/StableHLO/IR/Sdy.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::sdy_subset;

#include "Tofu/Dialect/StableHLO/IR/SdyOpsDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Tofu/Dialect/StableHLO/IR/SdyOpsAttributes.cpp.inc"

void SdyDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Tofu/Dialect/StableHLO/IR/SdyOpsAttributes.cpp.inc"
      >();
  allowUnknownOperations();
}

Attribute SdyDialect::parseAttribute(DialectAsmParser &parser,
                                     Type type) const {
  // The whole `mnemonic<...>` body, nested brackets and strings included;
  // the parser moves past it whatever this hook consumed.
  return TextAttr::get(getContext(), parser.getFullSymbolSpec());
}

void SdyDialect::printAttribute(Attribute attr,
                                DialectAsmPrinter &printer) const {
  printer.getStream() << cast<TextAttr>(attr).getText();
}

// The dialect's hooks above parse and print every attribute; these two only
// complete the generated class.
Attribute TextAttr::parse(AsmParser &parser, Type) {
  parser.emitError(parser.getCurrentLocation())
      << "#sdy attributes are parsed by the dialect as text";
  return {};
}

void TextAttr::print(AsmPrinter &printer) const { printer << getText(); }
