//===- EnumOption.h - Enumerated pass options -------------------*- C++ -*-===//
//
// Every pass option that takes one of a fixed set of names is an enum with
// `llvm::cl::values` (as upstream's Transforms/Passes.td), so the pass gets
// a typed value and `--help` and the generated docs list the names. The one
// thing upstream's parser does not do is say which names an unknown value
// could have been; TOFU_ENUM_OPTION(E) gives E a parser that does:
//
//   tofu-opt: for the --strategy option: unknown value 'magic'; expected
//   one of: tofu, data-parallel, ...
//
// Use it at global scope in the header that declares E, before any pass
// option of type E is instantiated.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_SUPPORT_ENUMOPTION_H
#define TOFU_SUPPORT_ENUMOPTION_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

#include <string>

namespace mlir::tofu {

/// llvm::cl's parser of an enumerated option (the interface of
/// llvm::cl::parser<E>, which mlir::detail::PassOptions relies on: `Values`
/// with `Name` and `V`), whose error for an unknown value lists the names.
template <typename E>
class EnumOptionParser : public llvm::cl::generic_parser_base {
protected:
  struct OptionInfo : public GenericOptionInfo {
    OptionInfo(llvm::StringRef name, E value, llvm::StringRef help)
        : GenericOptionInfo(name, help), V(value) {}
    llvm::cl::OptionValue<E> V;
  };
  llvm::SmallVector<OptionInfo, 8> Values;

public:
  using parser_data_type = E;

  EnumOptionParser(llvm::cl::Option &owner) : generic_parser_base(owner) {}

  unsigned getNumOptions() const override { return Values.size(); }
  llvm::StringRef getOption(unsigned n) const override {
    return Values[n].Name;
  }
  llvm::StringRef getDescription(unsigned n) const override {
    return Values[n].HelpStr;
  }
  const llvm::cl::GenericOptionValue &
  getOptionValue(unsigned n) const override {
    return Values[n].V;
  }

  /// Returns true on error, as llvm::cl's parsers do.
  bool parse(llvm::cl::Option &option, llvm::StringRef argName,
             llvm::StringRef arg, E &value) {
    llvm::StringRef name = Owner.hasArgStr() ? arg : argName;
    for (const OptionInfo &info : Values)
      if (info.Name == name) {
        value = info.V.getValue();
        return false;
      }
    std::string names;
    for (const OptionInfo &info : Values)
      names += (names.empty() ? "" : ", ") + info.Name.str();
    return option.error("unknown value '" + name +
                        "'; expected one of: " + names);
  }

  template <typename T>
  void addLiteralOption(llvm::StringRef name, const T &value,
                        llvm::StringRef help) {
    Values.emplace_back(name, static_cast<E>(value), help);
    AddLiteralOption(Owner, name);
  }

  void removeLiteralOption(llvm::StringRef name) {
    Values.erase(Values.begin() + findOption(name));
  }
};

} // namespace mlir::tofu

/// Gives the enum `E` (fully qualified) the parser above. At global scope.
#define TOFU_ENUM_OPTION(E)                                                    \
  namespace llvm::cl {                                                         \
  template <> class parser<E> : public ::mlir::tofu::EnumOptionParser<E> {     \
  public:                                                                      \
    using ::mlir::tofu::EnumOptionParser<E>::EnumOptionParser;                 \
  };                                                                           \
  }

#endif // TOFU_SUPPORT_ENUMOPTION_H
