// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton-make-torch-model OUT.pt KIND: writes a small TorchScript model for the
// tests, defined from TorchScript source (torch::jit::Module::define) and saved.
//   doubler  forward(Dict[str, Tensor]) -> {"y": 2 * x}
//   mixed    forward(Dict[str, Any]) -> {"doubled": 2 * a, "string": b + "!", "stringlist": c + ["end"]}
//   failing  forward reads an input that is never given (a runtime KeyError)
//   signature forward(x: Tensor, lengths: Tensor) -> Tensor and scale(x, factor) -> Tuple[Tensor, int]
//   nested   forward(x: Tensor, lengths: Tensor) -> Tensor through submodules block.inner (a weight of 3 ones)
#include <cstdio>
#include <cstring>
#include <torch/script.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        std::fputs("usage: carton-make-torch-model OUT.pt doubler|mixed|failing|signature|nested\n", stderr);
        return 2;
    }
    try {
        torch::jit::Module m("CartonTestModel");
        if (std::strcmp(argv[2], "doubler") == 0) {
            m.define(R"(
def forward(self, inputs: Dict[str, Tensor]) -> Dict[str, Tensor]:
    return {"y": inputs["x"] * 2}
)");
        } else if (std::strcmp(argv[2], "mixed") == 0) {
            m.define(R"(
def forward(self, inputs: Dict[str, Any]) -> Dict[str, Any]:
    a = inputs["a"]
    b = inputs["b"]
    c = inputs["c"]
    out: Dict[str, Any] = {}
    assert isinstance(a, Tensor)
    out["doubled"] = a * 2
    assert isinstance(b, str)
    out["string"] = b + "!"
    assert isinstance(c, List[str])
    out["stringlist"] = c + ["end"]
    return out
)");
        } else if (std::strcmp(argv[2], "failing") == 0) {
            m.define(R"(
def forward(self, inputs: Dict[str, Tensor]) -> Dict[str, Tensor]:
    return {"y": inputs["no_such_input"] * 2}
)");
        } else if (std::strcmp(argv[2], "signature") == 0) {
            // Plain tensor arguments and a second method, for inspect().
            m.define(R"(
def forward(self, x: Tensor, lengths: Tensor) -> Tensor:
    return torch.relu(x * 2.0) + lengths
def scale(self, x: Tensor, factor: float) -> Tuple[Tensor, int]:
    return x * factor, 3
)");
        } else if (std::strcmp(argv[2], "nested") == 0) {
            // Submodules, for the graph's scopes (block/inner) and weight names.
            torch::jit::Module inner("Inner");
            inner.register_parameter("weight", torch::ones({3}), false);
            inner.define(R"(
def forward(self, x: Tensor) -> Tensor:
    return torch.relu(x * self.weight)
)");
            torch::jit::Module block("Block");
            block.register_module("inner", inner);
            block.define(R"(
def forward(self, x: Tensor) -> Tensor:
    return torch.sigmoid(self.inner.forward(x)) + 1.0
)");
            m.register_module("block", block);
            m.define(R"(
def forward(self, x: Tensor, lengths: Tensor) -> Tensor:
    return self.block.forward(x) + lengths
)");
        } else {
            std::fprintf(stderr, "unknown model kind %s\n", argv[2]);
            return 2;
        }
        m.save(argv[1]);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
