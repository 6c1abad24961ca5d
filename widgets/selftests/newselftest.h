// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "document/documentstate.h"

#include <QStringList>
#include <functional>

class QToolButton;
class QWidget;

namespace studio {

class CartonDocument;

// New Self-test from Inputs: a [[self_test]] appended to the document's state
// whose inputs come from tensor files or from another self-test, ready for Record
// Outputs. Pure functions: the caller makes their result one undo step.
namespace newselftest {

// The self-test's name: "from_inputs", or "from_inputs_2"... when taken.
QString freeName(const carton::CartonInfo &info);

// `state` with a new self-test whose inputs are the tensors of `files` (.npy:
// named by its base name; .safetensors: each tensor by its name), each one named
// like a declared [[input]] and added to tensor_data/ as "<self-test>_<input>"
// (made unique). Fails, naming the file and the tensor, when one matches no
// declared input or when two give the same input; the new self-test's index in *index.
carton::Result<DocumentState> fromFiles(const DocumentState &state, const QStringList &files, int *index);
// `state` with a new self-test using the inputs of self_test[from] (the same
// tensor references, no expected_out).
carton::Result<DocumentState> fromSelfTest(const DocumentState &state, int from, int *index);

} // namespace newselftest

// "Record ▾" for the self-tests editor, one narrow button with a menu: Record
// Outputs of the selected self-test (`currentSelfTest()`, -1: none), New
// Self-test from Tensor Files…, New Self-test with the Inputs of each self-test.
// A new self-test is one undo step, selected through `select(index)`, then its
// outputs recorded (RecordOutputsDialog).
QToolButton *recordingButton(CartonDocument *document, std::function<int()> currentSelfTest,
                             std::function<void(int index)> select, QWidget *parent);

} // namespace studio
