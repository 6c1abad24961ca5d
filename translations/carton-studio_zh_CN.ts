<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CartonState</name>
    <message>
        <source>Opening…</source>
        <translation>正在打开…</translation>
    </message>
    <message>
        <source>Could not be opened</source>
        <translation>无法打开</translation>
    </message>
    <message>
        <source>1 file failed verification</source>
        <translation>1 个文件校验失败</translation>
    </message>
    <message>
        <source>%1 files failed verification</source>
        <translation>%1 个文件校验失败</translation>
    </message>
    <message>
        <source>Not a valid carton: 1 error</source>
        <translation>不是有效的 carton：1 个错误</translation>
    </message>
    <message>
        <source>Not a valid carton: %1 errors</source>
        <translation>不是有效的 carton：%1 个错误</translation>
    </message>
    <message>
        <source>This carton has a problem that makes it invalid; see the Diagnostics panel.</source>
        <translation>此 carton 存在一个导致其无效的问题；请查看“诊断”面板。</translation>
    </message>
    <message>
        <source>This carton has %1 problems that make it invalid; see the Diagnostics panel.</source>
        <translation>此 carton 存在 %1 个导致其无效的问题；请查看“诊断”面板。</translation>
    </message>
    <message>
        <source>Verifying…</source>
        <translation>正在校验…</translation>
    </message>
    <message>
        <source>1 file verified</source>
        <translation>已校验 1 个文件</translation>
    </message>
    <message>
        <source>All %1 files verified</source>
        <translation>全部 %1 个文件已校验</translation>
    </message>
    <message>
        <source>Not verified: cancelled</source>
        <translation>未校验：已取消</translation>
    </message>
    <message>
        <source>Verification was cancelled: the files have not all been checked against MANIFEST. Press F5 to verify.</source>
        <translation>校验已取消：并非所有文件都已与 MANIFEST 核对。按 F5 进行校验。</translation>
    </message>
    <message>
        <source>Not verified</source>
        <translation>未校验</translation>
    </message>
    <message>
        <source>Signature invalid</source>
        <translation>签名无效</translation>
    </message>
    <message>
        <source>Safety findings: %1 critical, %2 high</source>
        <translation>安全发现：%1 个严重，%2 个高危</translation>
    </message>
    <message>
        <source>The signature next to this carton does not sign what is in it; see the Signature row of the Overview.</source>
        <translation>此 carton 旁的签名与其内容不符；请查看概览中的“签名”一行。</translation>
    </message>
    <message>
        <source>The safety scan found %1 critical and %2 high findings in what this carton would load or run; see the Safety tab before running it.</source>
        <translation>安全扫描在此 carton 将加载或运行的内容中发现 %1 个严重和 %2 个高危问题；运行前请查看“安全”标签页。</translation>
    </message>
    <message>
        <source>Checking the signature…</source>
        <translation>正在检查签名…</translation>
    </message>
    <message>
        <source>Scanning for safety…</source>
        <translation>正在进行安全扫描…</translation>
    </message>
    <message>
        <source>Unsafe entry left out: %1</source>
        <translation>已略过不安全的条目：%1</translation>
    </message>
    <message>
        <source>%1 unsafe entries left out, the first: %2</source>
        <translation>已略过 %1 个不安全的条目，第一个：%2</translation>
    </message>
    <message>
        <source>This archive has entries that would be written outside its folder (%1). They were left out, and the carton is open read-only: it cannot be extracted or saved.</source>
        <translation>此归档包含会被写到其文件夹之外的条目（%1）。这些条目已被略过，carton 以只读方式打开：无法解压或保存。</translation>
    </message>
    <message>
        <source>1 file failed verification: %1</source>
        <translation>1 个文件未通过校验：%1</translation>
    </message>
    <message>
        <source>%1 files failed verification; the first: %2. See the Diagnostics panel.</source>
        <translation>%1 个文件未通过校验；第一个：%2。请查看“诊断”面板。</translation>
    </message>
    <message>
        <source>Carton source: no MANIFEST yet</source>
        <translation>Carton 源文件夹：尚无 MANIFEST</translation>
    </message>
    <message>
        <source>This folder is a carton's source: it has no MANIFEST to verify its files against. Packing it (File ▸ Save As…, or carton pack) writes MANIFEST with every file's SHA-256.</source>
        <translation>此文件夹是 carton 的源：没有可用来校验文件的 MANIFEST。打包（文件 ▸ 另存为…，或 carton pack）会写入包含每个文件 SHA-256 的 MANIFEST。</translation>
    </message>
<message>
        <source>Signed by an unknown key</source>
        <translation>由未知密钥签名</translation>
    </message>
    <message>
        <source>Signed by an unknown key %1</source>
        <translation>由未知密钥 %1 签名</translation>
    </message>
    <message>
        <source>This carton is signed by a key that is not one of your trusted keys: the signature says nothing about who made it. See the Signature row of the Overview to compare the fingerprint and trust the key.</source>
        <translation>此 carton 由不在您信任密钥中的密钥签名：该签名无法说明是谁制作的。请在概览的“签名”行中比对指纹并信任该密钥。</translation>
    </message>
</context>
<context>
    <name>FormatText</name>
    <message>
        <source>%1: expected a number &gt;= 0, found %2</source>
        <translation>%1：应为 &gt;= 0 的数字，实际为 %2</translation>
    </message>
    <message>
        <source>%1.equal_nan: expected a boolean, found %2</source>
        <translation>%1.equal_nan：应为布尔值，实际为 %2</translation>
    </message>
    <message>
        <source>%1.%2: unknown key; expected rtol, atol, equal_nan or a table per output name</source>
        <translation>%1.%2：未知键；应为 rtol、atol、equal_nan 或按输出名称的表</translation>
    </message>
    <message>
        <source>%1.%2: unknown key; expected rtol, atol or equal_nan</source>
        <translation>%1.%2：未知键；应为 rtol、atol 或 equal_nan</translation>
    </message>
    <message>
        <source>tolerance: expected a table ([self_test.tolerance]), found %1</source>
        <translation>tolerance：应为表（[self_test.tolerance]），实际为 %1</translation>
    </message>
    <message>
        <source>tolerance: cannot read</source>
        <translation>tolerance：无法读取</translation>
    </message>
    <message>
        <source>expected %1, found %2</source>
        <translation>应为 %1，实际为 %2</translation>
    </message>
    <message>
        <source>: missing required key</source>
        <translation>：缺少必需的键</translation>
    </message>
    <message>
        <source>missing required key</source>
        <translation>缺少必需的键</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>an array of tables ([[%1]])</source>
        <translation>表数组（[[%1]]）</translation>
    </message>
    <message>
        <source>a table</source>
        <translation>表</translation>
    </message>
    <message>
        <source>a string or an array of integers/strings</source>
        <translation>字符串，或由整数/字符串组成的数组</translation>
    </message>
    <message>
        <source>negative dimension %1; expected a size &gt;= 0, a symbol or "*"</source>
        <translation>负数维度 %1；应为 &gt;= 0 的大小、符号或 "*"</translation>
    </message>
    <message>
        <source>an integer &gt;= 0, a symbol string or "*"</source>
        <translation>&gt;= 0 的整数、符号字符串或 "*"</translation>
    </message>
    <message>
        <source>unknown dtype "%1"; expected one of float32, float64, string, int8, int16, int32, int64, uint8, uint16, uint32, uint64</source>
        <translation>未知的 dtype "%1"；应为 float32、float64、string、int8、int16、int32、int64、uint8、uint16、uint32、uint64 之一</translation>
    </message>
    <message>
        <source>a table of tensor name = "@tensor_data/..." references</source>
        <translation>由 张量名 = "@tensor_data/..." 引用组成的表</translation>
    </message>
    <message>
        <source>runner: missing required table [runner] (runner_name, required_framework_version, runner_compat_version)</source>
        <translation>runner：缺少必需的表 [runner]（runner_name、required_framework_version、runner_compat_version）</translation>
    </message>
    <message>
        <source>a table ([runner])</source>
        <translation>表（[runner]）</translation>
    </message>
    <message>
        <source>a table ([runner.opts])</source>
        <translation>表（[runner.opts]）</translation>
    </message>
    <message>
        <source>an integer, float, string or boolean</source>
        <translation>整数、浮点数、字符串或布尔值</translation>
    </message>
    <message>
        <source>an array of target triple strings</source>
        <translation>目标三元组字符串数组</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>cannot read: unknown error</source>
        <translation>无法读取：未知错误</translation>
    </message>
    <message>
        <source>more than %1 entries</source>
        <translation>超过 %1 个条目</translation>
    </message>
    <message>
        <source>expected '\n' at the end of the last line</source>
        <translation>最后一行末尾应为 '\n'</translation>
    </message>
    <message>
        <source>empty line; expected "path=sha256"</source>
        <translation>空行；应为 "path=sha256"</translation>
    </message>
    <message>
        <source>CR before the line end; expected '\n' line endings only</source>
        <translation>行尾前有 CR；行尾只应为 '\n'</translation>
    </message>
    <message>
        <source>no '='; expected "path=sha256"</source>
        <translation>没有 '='；应为 "path=sha256"</translation>
    </message>
    <message>
        <source>expected 64 lowercase hex digits after '='</source>
        <translation>'=' 之后应为 64 个小写十六进制数字</translation>
    </message>
    <message>
        <source>, found uppercase hex</source>
        <translation>，实际为大写十六进制</translation>
    </message>
    <message>
        <source>, found spaces</source>
        <translation>，实际含有空格</translation>
    </message>
    <message>
        <source>, found %1 characters</source>
        <translation>，实际为 %1 个字符</translation>
    </message>
    <message>
        <source>empty path before '='</source>
        <translation>'=' 之前的路径为空</translation>
    </message>
    <message>
        <source>path is not valid UTF-8</source>
        <translation>路径不是有效的 UTF-8</translation>
    </message>
    <message>
        <source>path "%1" begins with U+FEFF (a byte order mark); expected a path without invisible characters</source>
        <translation>路径 "%1" 以 U+FEFF（字节顺序标记）开头；路径中不应含有不可见字符</translation>
    </message>
    <message>
        <source>spaces around path "%1"</source>
        <translation>路径 "%1" 两侧有空格</translation>
    </message>
    <message>
        <source>%1 must not list itself or LINKS (found "%2")</source>
        <translation>%1 不得列出自身或 LINKS（发现 "%2"）</translation>
    </message>
    <message>
        <source>duplicate entry "%1"</source>
        <translation>重复的条目 "%1"</translation>
    </message>
    <message>
        <source>"%1" is out of order: expected paths sorted by UTF-8 bytes, and it comes before "%2" on the previous line</source>
        <translation>"%1" 顺序错误：路径应按 UTF-8 字节排序，而它应排在上一行的 "%2" 之前</translation>
    </message>
    <message>
        <source>major version number</source>
        <translation>主版本号</translation>
    </message>
    <message>
        <source>minor version number</source>
        <translation>次版本号</translation>
    </message>
    <message>
        <source>patch version number</source>
        <translation>补丁版本号</translation>
    </message>
    <message>
        <source>pre-release identifier</source>
        <translation>预发布标识符</translation>
    </message>
    <message>
        <source>build metadata</source>
        <translation>构建元数据</translation>
    </message>
    <message>
        <source>invalid leading zero in %1</source>
        <translation>%1 中有无效的前导零</translation>
    </message>
    <message>
        <source>value of %1 exceeds u64::MAX</source>
        <translation>%1 的值超过 u64::MAX</translation>
    </message>
    <message>
        <source>unexpected character %1 while parsing %2</source>
        <translation>解析 %2 时遇到意外字符 %1</translation>
    </message>
    <message>
        <source>unexpected end of input while parsing %1</source>
        <translation>解析 %1 时输入意外结束</translation>
    </message>
    <message>
        <source>empty identifier segment in %1</source>
        <translation>%1 中有空的标识符段</translation>
    </message>
    <message>
        <source>empty string, expected a semver version</source>
        <translation>空字符串，应为 semver 版本</translation>
    </message>
    <message>
        <source>unexpected character %1 after %2</source>
        <translation>%2 之后出现意外字符 %1</translation>
    </message>
    <message>
        <source>wildcard req (%1) must be the only comparator in the version req</source>
        <translation>通配符要求（%1）必须是版本要求中唯一的比较项</translation>
    </message>
    <message>
        <source>unexpected character after wildcard in version req</source>
        <translation>版本要求中通配符之后出现意外字符</translation>
    </message>
    <message>
        <source>expected comma after %1, found %2</source>
        <translation>%1 之后应为逗号，实际为 %2</translation>
    </message>
    <message>
        <source>excessive number of version comparators</source>
        <translation>版本比较项过多</translation>
    </message>
    <message>
        <source>no version</source>
        <translation>无版本</translation>
    </message>
    <message>
        <source>any version</source>
        <translation>任意版本</translation>
    </message>
    <message>
        <source>exactly %1</source>
        <translation>恰好 %1</translation>
    </message>
    <message>
        <source>expected * (any shape), a symbol, [] (a scalar) or a list such as [batch, 3, *] (brackets optional)</source>
        <translation>应为 *（任意形状）、符号、[]（标量）或形如 [batch, 3, *] 的列表（括号可省略）</translation>
    </message>
    <message>
        <source>%1: %2 has no closing quote</source>
        <translation>%1：%2 缺少右引号</translation>
    </message>
    <message>
        <source>%1: a symbol cannot contain a quote</source>
        <translation>%1：符号不能包含引号</translation>
    </message>
    <message>
        <source>%1: "" is a symbol without a name</source>
        <translation>%1："" 是没有名称的符号</translation>
    </message>
    <message>
        <source>%1: "%2" is not a size; for dimensions of sizes %3 write [%3]</source>
        <translation>%1："%2" 不是大小；若要各维大小为 %3，请写 [%3]</translation>
    </message>
    <message>
        <source>%1: "%2" holds a space; quote a symbol with spaces ("%2") or separate dimensions with commas</source>
        <translation>%1："%2" 含有空格；含空格的符号请加引号（"%2"），或用逗号分隔各维</translation>
    </message>
    <message>
        <source>%1: unexpected '%2' in "%3"</source>
        <translation>%1："%3" 中出现意外的 '%2'</translation>
    </message>
    <message>
        <source>%1: "%2" is neither a size (digits only) nor a symbol; quote a symbol that starts with a digit ("%2")</source>
        <translation>%1："%2" 既不是大小（仅数字）也不是符号；以数字开头的符号请加引号（"%2"）</translation>
    </message>
    <message>
        <source>%1 is empty; expected a size, a symbol or * between the commas</source>
        <translation>%1 为空；逗号之间应为大小、符号或 *</translation>
    </message>
    <message>
        <source>%1: %2 is too large</source>
        <translation>%1：%2 过大</translation>
    </message>
    <message>
        <source>%1 is %2; expected a size &gt;= 0, a symbol or * (a size not fixed in advance is * or a symbol such as batch)</source>
        <translation>%1 为 %2；应为 &gt;= 0 的大小、符号或 *（事先不固定的大小用 * 或 batch 之类的符号）</translation>
    </message>
    <message>
        <source>dimension %1</source>
        <translation>第 %1 维</translation>
    </message>
    <message>
        <source>the shape is empty; </source>
        <translation>形状为空；</translation>
    </message>
    <message>
        <source>"%1" has no closing %2; </source>
        <translation>"%1" 缺少闭合的 %2；</translation>
    </message>
    <message>
        <source>"%1" starts with %2; </source>
        <translation>"%1" 以 %2 开头；</translation>
    </message>
    <message>
        <source>the shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>empty target triple</source>
        <translation>目标三元组为空</translation>
    </message>
    <message>
        <source>"%1" is not a target triple: expected 2 to 4 '-'-separated parts (e.g. x86_64-unknown-linux-gnu), found %2</source>
        <translation>"%1" 不是目标三元组：应为 2 到 4 个以 '-' 分隔的部分（如 x86_64-unknown-linux-gnu），实际为 %2</translation>
    </message>
    <message>
        <source>"%1" has an empty part</source>
        <translation>"%1" 有空的部分</translation>
    </message>
    <message>
        <source>unknown architecture "%1" in "%2"</source>
        <translation>"%2" 中的未知架构 "%1"</translation>
    </message>
    <message>
        <source>unknown vendor, operating system or environment "%1" in "%2"</source>
        <translation>"%2" 中的未知厂商、操作系统或环境 "%1"</translation>
    </message>
    <message>
        <source>"%1" does not follow ARCH-[VENDOR-]OS[-ENV]</source>
        <translation>"%1" 不符合 ARCH-[VENDOR-]OS[-ENV] 格式</translation>
    </message>
    <message>
        <source>TOML nested deeper than %1 levels (tables, dotted keys, arrays, inline tables)</source>
        <translation>TOML 嵌套超过 %1 层（表、点分键、数组、内联表）</translation>
    </message>
    <message>
        <source>%1: unknown error</source>
        <translation>%1：未知错误</translation>
    </message>
    <message>
        <source>a float</source>
        <translation>浮点数</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>a date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>a time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>a date-time</source>
        <translation>日期时间</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>tolerance: the self-test's other keys are not valid TOML, so setting the tolerance would lose them (%1)</source>
        <translation>tolerance：自测的其他键不是有效的 TOML，设置容差会丢失它们（%1）</translation>
    </message>
    <message>
        <source>%1: the keys kept from the file are not valid TOML, so writing would lose them (%2)</source>
        <translation>%1：从文件保留的键不是有效的 TOML，写入会丢失它们（%2）</translation>
    </message>
    <message>
        <source>%1: the kept key %2 has the name of a known field, so writing would lose it</source>
        <translation>%1：保留的键 %2 与已知字段同名，写入会丢失它</translation>
    </message>
    <message>
        <source>top level</source>
        <translation>顶层</translation>
    </message>
</context>
<context>
    <name>LatencyText</name>
    <message>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation>%1 纳秒</translation>
    </message>
</context>
<context>
    <name>NewSelfTest</name>
    <message>
        <source>&amp;Record</source>
        <translation>录制(&amp;R)</translation>
    </message>
    <message>
        <source>Record the selected self-test's outputs (the model runs on its inputs; you review what it returns before it is kept), or make a new self-test from input tensors and record its outputs</source>
        <translation>录制所选自检的输出（模型用其输入运行；保留前由您审阅返回值），或用输入张量新建自检并录制其输出</translation>
    </message>
    <message>
        <source>New Self-test from Inputs</source>
        <translation>从输入新建自检</translation>
    </message>
    <message>
        <source>Record Outputs of %1…</source>
        <translation>录制 %1 的输出…</translation>
    </message>
    <message>
        <source>Record Outputs (select a self-test)</source>
        <translation>录制输出（请选择一个自检）</translation>
    </message>
    <message>
        <source>New Self-test from Tensor Files…</source>
        <translation>从张量文件新建自检…</translation>
    </message>
    <message>
        <source>Input Tensors</source>
        <translation>输入张量</translation>
    </message>
    <message>
        <source>Tensors (*.npy *.safetensors);;All files (*)</source>
        <translation>张量 (*.npy *.safetensors);;所有文件 (*)</translation>
    </message>
    <message>
        <source>New Self-test with the Inputs of %1</source>
        <translation>使用 %1 的输入新建自检</translation>
    </message>
</context>
<context>
    <name>OutputDetailsHtml</name>
    <message>
        <source>absolute</source>
        <translation>绝对</translation>
    </message>
    <message>
        <source>relative</source>
        <translation>相对</translation>
    </message>
    <message>
        <source>Passes with atol ≥ %1 (rtol %2), or with rtol ≥ %3 (atol %4).</source>
        <translation>当 atol ≥ %1（rtol %2）或 rtol ≥ %3（atol %4）时通过。</translation>
    </message>
    <message>
        <source>Worst elements</source>
        <translation>误差最大的元素</translation>
    </message>
    <message>
        <source>index</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>expected</source>
        <translation>期望值</translation>
    </message>
    <message>
        <source>actual</source>
        <translation>实际值</translation>
    </message>
    <message>
        <source>abs error</source>
        <translation>绝对误差</translation>
    </message>
    <message>
        <source>rel error</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <source>Absolute error histogram</source>
        <translation>绝对误差直方图</translation>
    </message>
    <message>
        <source>Relative error histogram</source>
        <translation>相对误差直方图</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1 … and %2 more</source>
        <translation>%1 … 以及另外 %2 个</translation>
    </message>
    <message>
        <source>%1 dim %2</source>
        <translation>%1 维度 %2</translation>
    </message>
    <message>
        <source>%1 copy</source>
        <translation>%1 副本</translation>
    </message>
    <message>
        <source>Save Carton As</source>
        <translation>将 Carton 另存为</translation>
    </message>
    <message>
        <source>Cartons (*.carton);;All files (*)</source>
        <translation>Carton 文件 (*.carton);;所有文件 (*)</translation>
    </message>
    <message>
        <source>zstd (like upstream Carton)</source>
        <translation>zstd（与上游 Carton 相同）</translation>
    </message>
    <message>
        <source>Deflate (any zip tool)</source>
        <translation>Deflate（任何 zip 工具均可读取）</translation>
    </message>
    <message>
        <source>Stored (no compression)</source>
        <translation>存储（不压缩）</translation>
    </message>
    <message>
        <source>Compression:</source>
        <translation>压缩：</translation>
    </message>
</context>
<context>
    <name>ScanText</name>
    <message>
        <source>ELF executable or shared library</source>
        <translation>ELF 可执行文件或共享库</translation>
    </message>
    <message>
        <source>Windows PE executable or DLL</source>
        <translation>Windows PE 可执行文件或 DLL</translation>
    </message>
    <message>
        <source>Mach-O executable or library</source>
        <translation>Mach-O 可执行文件或库</translation>
    </message>
    <message>
        <source>Mach-O universal (fat) binary</source>
        <translation>Mach-O 通用（fat）二进制文件</translation>
    </message>
    <message>
        <source>script with an interpreter line (#!)</source>
        <translation>带解释器行（#!）的脚本</translation>
    </message>
    <message>
        <source>%1 reaches the operating system, the network or other code: loading the pickle can run commands</source>
        <translation>%1 可触及操作系统、网络或其他代码：加载该 pickle 可能执行命令</translation>
    </message>
    <message>
        <source>%1.%2 evaluates code or reaches any attribute: loading the pickle can run anything</source>
        <translation>%1.%2 会执行代码或访问任意属性：加载该 pickle 可能执行任何操作</translation>
    </message>
    <message>
        <source>%1.%2 composes calls or resolves names (a known way around deny-lists, e.g. operator.methodcaller, functools.partial)</source>
        <translation>%1.%2 会组合调用或解析名称（绕过黑名单的已知手法，如 operator.methodcaller、functools.partial）</translation>
    </message>
    <message>
        <source>%1.%2 loads another file or pickle, which is not scanned</source>
        <translation>%1.%2 会加载另一个未经扫描的文件或 pickle</translation>
    </message>
    <message>
        <source>torch.%1 loads or compiles other code</source>
        <translation>torch.%1 会加载或编译其他代码</translation>
    </message>
    <message>
        <source>the module or name is not a plain Python identifier ("%1", "%2"): an attribute path or a disguised name</source>
        <translation>模块或名称不是普通的 Python 标识符（"%1"、"%2"）：是属性路径或伪装的名称</translation>
    </message>
    <message>
        <source>%1.%2 is not on the allow-list of names PyTorch and numpy checkpoints use: loading the pickle imports it and may call it</source>
        <translation>%1.%2 不在 PyTorch 和 numpy 检查点所用名称的允许列表中：加载该 pickle 会导入它并可能调用它</translation>
    </message>
    <message>
        <source>%1: a compressed %2 of %3 bytes, more than the %4 bytes the scan decodes to a temporary file</source>
        <translation>%1：压缩的 %2 共 %3 字节，超过扫描解码到临时文件的 %4 字节上限</translation>
    </message>
    <message>
        <source>the scan was cancelled before it read every file</source>
        <translation>扫描在读完所有文件之前被取消</translation>
    </message>
    <message>
        <source>not a pickle</source>
        <translation>不是 pickle</translation>
    </message>
    <message>
        <source>its bytes do not disassemble as a pickle: Python's unpickler stops where the disassembly does, having called nothing</source>
        <translation>其字节无法反汇编为 pickle：Python 的反序列化器会在反汇编停止处停止，且未调用任何东西</translation>
    </message>
    <message>
        <source>; before that it names %1 (imported, never called)</source>
        <translation>；在此之前它引用了 %1（已导入，从未调用）</translation>
    </message>
    <message>
        <source>%1 at offset %2%3%4</source>
        <translation>%1 位于偏移 %2%3%4</translation>
    </message>
    <message>
        <source> (%1 times)</source>
        <translation>（%1 次）</translation>
    </message>
    <message>
        <source>imports a name the scanner cannot resolve</source>
        <translation>导入了扫描器无法解析的名称</translation>
    </message>
    <message>
        <source>calls something that is not a named import</source>
        <translation>调用了并非具名导入的对象</translation>
    </message>
    <message>
        <source>what loading the pickle runs cannot be judged: %1</source>
        <translation>无法判断加载该 pickle 会执行什么：%1</translation>
    </message>
    <message>
        <source>imports %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>%1: more than %2 distinct imports; the rest are not listed</source>
        <translation>%1：超过 %2 个不同的导入；其余未列出</translation>
    </message>
    <message>
        <source> (array data)</source>
        <translation>（数组数据）</translation>
    </message>
    <message>
        <source>unsafe entry "%1" inside the zip</source>
        <translation>zip 中的不安全条目 "%1"</translation>
    </message>
    <message>
        <source>a tool that extracts this file may write outside its folder or pick either copy</source>
        <translation>解压此文件的工具可能写到目标文件夹之外，或任选其中一个副本</translation>
    </message>
    <message>
        <source>%1: a sparse file in a tar (its stored bytes are not its content): not read</source>
        <translation>%1：tar 中的稀疏文件（其存储的字节并非其内容）：未读取</translation>
    </message>
    <message>
        <source>%1: cannot decode into a temporary file (%2)</source>
        <translation>%1：无法解码到临时文件（%2）</translation>
    </message>
    <message>
        <source>too large</source>
        <translation>过大</translation>
    </message>
    <message>
        <source>%1: decoding stopped after %2 of %3 bytes: %4</source>
        <translation>%1：解码在 %3 字节中的 %2 字节后停止：%4</translation>
    </message>
    <message>
        <source>%1: a zip that cannot be read: %2</source>
        <translation>%1：无法读取的 zip：%2</translation>
    </message>
    <message>
        <source>%1: only the first %2 bytes were read for imports</source>
        <translation>%1：只读取了前 %2 字节来查找导入</translation>
    </message>
    <message>
        <source>no imports</source>
        <translation>无导入</translation>
    </message>
    <message>
        <source>imports: %1</source>
        <translation>导入：%1</translation>
    </message>
    <message>
        <source>; reaching the system or the network: %1</source>
        <translation>；会访问系统或网络：%1</translation>
    </message>
    <message>
        <source>Python code (%1 imports)</source>
        <translation>Python 代码（%1 个导入）</translation>
    </message>
    <message>
        <source>the python runner runs the files in model/ when it loads the model</source>
        <translation>python 运行器加载模型时会执行 model/ 中的文件</translation>
    </message>
    <message>
        <source>a program to run; nothing in a carton needs one</source>
        <translation>可执行程序；carton 中不需要这种文件</translation>
    </message>
    <message>
        <source>native code does anything it likes when a runner or a model loads it</source>
        <translation>运行器或模型加载原生代码时，它可以做任何事</translation>
    </message>
    <message>
        <source>marked executable</source>
        <translation>标记为可执行</translation>
    </message>
    <message>
        <source>duplicate entry name</source>
        <translation>重复的条目名称</translation>
    </message>
    <message>
        <source>tools disagree on which copy they extract: what is verified may not be what runs</source>
        <translation>不同工具解压出的副本不一致：经过校验的未必是实际运行的</translation>
    </message>
    <message>
        <source>symlink that escapes the carton or loops</source>
        <translation>指向 carton 之外或形成循环的符号链接</translation>
    </message>
    <message>
        <source>extracting it points outside the folder (the reader refuses it)</source>
        <translation>解压后会指向文件夹之外（读取器会拒绝它）</translation>
    </message>
    <message>
        <source>entry that would escape on extraction</source>
        <translation>解压时会越出目标目录的条目</translation>
    </message>
    <message>
        <source>a naive unzip writes it outside the target folder (the reader refuses it)</source>
        <translation>简单的解压会把它写到目标文件夹之外（读取器会拒绝它）</translation>
    </message>
    <message>
        <source>symlink to %1</source>
        <translation>指向 %1 的符号链接</translation>
    </message>
    <message>
        <source>resolved inside the carton; extraction recreates the link</source>
        <translation>在 carton 内解析；解压时会重建该链接</translation>
    </message>
    <message>
        <source>archive comment (%1 bytes)</source>
        <translation>归档注释（%1 字节）</translation>
    </message>
    <message>
        <source>not part of any file or of MANIFEST: it can carry data nothing verifies</source>
        <translation>不属于任何文件，也不属于 MANIFEST：可携带未经任何校验的数据</translation>
    </message>
    <message>
        <source>entry comment (%1 bytes)</source>
        <translation>条目注释（%1 字节）</translation>
    </message>
    <message>
        <source>not part of the file or of MANIFEST: it can carry data nothing verifies</source>
        <translation>不属于该文件，也不属于 MANIFEST：可携带未经任何校验的数据</translation>
    </message>
    <message>
        <source> (over plain %1: anyone on the way can change it)</source>
        <translation>（通过明文 %1：途中任何人都能篡改）</translation>
    </message>
    <message>
        <source>LINKS downloads from %1</source>
        <translation>LINKS 从 %1 下载</translation>
    </message>
    <message>
        <source>fetching the linked file contacts this host</source>
        <translation>获取链接文件会连接此主机</translation>
    </message>
    <message>
        <source>remote image from %1 in the description</source>
        <translation>描述中来自 %1 的远程图片</translation>
    </message>
    <message>
        <source>showing the description fetches it: the host learns who looks</source>
        <translation>显示描述时会获取它：主机会得知谁在查看</translation>
    </message>
    <message>
        <source>remote HTML image from %1 in the description</source>
        <translation>描述中来自 %1 的远程 HTML 图片</translation>
    </message>
    <message>
        <source>viewers that render HTML fetch it: the host learns who looks</source>
        <translation>渲染 HTML 的查看器会获取它：主机会得知谁在查看</translation>
    </message>
    <message>
        <source>%1 (its hosts cannot be listed)</source>
        <translation>%1（无法列出其主机）</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>%1: not a carton, a zip, a tar or a pickle: the scan reads only those</source>
        <translation>%1：既不是 carton，也不是 zip、tar 或 pickle：扫描只读取这些</translation>
    </message>
<message>
        <source>chat template reaches %1</source>
        <translation>聊天模板可访问 %1</translation>
    </message>
    <message>
        <source>the chat template is Jinja that runtimes render, some without a sandbox: through these names it can reach Python's classes, globals and modules and run commands</source>
        <translation>聊天模板是运行时会渲染的 Jinja，有些运行时没有沙箱：通过这些名称它可以访问 Python 的类、全局变量和模块并执行命令</translation>
    </message>
    <message numerus="yes">
        <source>chat template (Jinja, %n character(s))</source>
        <translation>
            <numerusform>聊天模板（Jinja，%n 个字符）</numerusform>
        </translation>
    </message>
    <message>
        <source>runtimes render it as a template; it names nothing that leads out of the template</source>
        <translation>运行时将其作为模板渲染；它没有引用任何可以逃出模板的名称</translation>
    </message>
    <message>
        <source>ONNX external data outside the model's folder</source>
        <translation>ONNX 外部数据位于模型文件夹之外</translation>
    </message>
    <message>
        <source>a runtime loading this model reads the file it names (an absolute path or one with "..") as weights: files of the machine it runs on</source>
        <translation>加载此模型的运行时会把它指定的文件（绝对路径或含 ".." 的路径）当作权重读取：即其所运行机器上的文件</translation>
    </message>
</context>
<context>
    <name>SelfTestDetailsHtml</name>
    <message>
        <source> (first inference)</source>
        <translation>（首次推理）</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>备注：</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more key(s): the list on the left has them all.</source>
        <translation>
            <numerusform>……另有 %n 个键：左侧列表列出了全部。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, in the player below</source>
        <translation>%1，见下方播放器</translation>
    </message>
</context>
<context>
    <name>ValidationText</name>
    <message>
        <source>missing: %1</source>
        <translation>缺失：%1</translation>
    </message>
    <message>
        <source>could not be read or parsed</source>
        <translation>无法读取或解析</translation>
    </message>
    <message>
        <source>%1 is not stored in the carton; it is fetched from LINKS (%2)</source>
        <translation>%1 未存储在 carton 中；通过 LINKS 获取（%2）</translation>
    </message>
    <message>
        <source>%1 is listed but missing: it is not in the carton and LINKS has no URL for its sha256</source>
        <translation>%1 已列出但缺失：它不在 carton 中，LINKS 也没有其 sha256 对应的 URL</translation>
    </message>
    <message>
        <source>no entry for carton.toml; MANIFEST must list every file but MANIFEST and LINKS</source>
        <translation>没有 carton.toml 的条目；MANIFEST 必须列出除 MANIFEST 和 LINKS 外的每个文件</translation>
    </message>
    <message>
        <source>not listed in MANIFEST; MANIFEST must list every file but MANIFEST and LINKS</source>
        <translation>未在 MANIFEST 中列出；MANIFEST 必须列出除 MANIFEST 和 LINKS 外的每个文件</translation>
    </message>
    <message>
        <source>no MANIFEST entry has sha256 %1, so its URLs are never used</source>
        <translation>没有 MANIFEST 条目的 sha256 为 %1，因此其 URL 永远不会被使用</translation>
    </message>
    <message>
        <source>not part of the Carton v1 layout (carton.toml, MANIFEST, LINKS, model/, tensor_data/, misc/); runners only see model/</source>
        <translation>不属于 Carton v1 布局（carton.toml、MANIFEST、LINKS、model/、tensor_data/、misc/）；运行器只能看到 model/</translation>
    </message>
    <message>
        <source>folder not part of the Carton v1 layout (model/, tensor_data/, misc/); runners only see model/</source>
        <translation>文件夹不属于 Carton v1 布局（model/、tensor_data/、misc/）；运行器只能看到 model/</translation>
    </message>
    <message>
        <source>the model folder is missing or empty; it must hold what the runner needs to load the model</source>
        <translation>模型文件夹缺失或为空；其中必须包含运行器加载模型所需的内容</translation>
    </message>
    <message>
        <source>the %1 runner loads %2, which the carton does not have</source>
        <translation>%1 运行器会加载 %2，但 carton 中没有它</translation>
    </message>
    <message>
        <source>every carton describes its model in carton.toml</source>
        <translation>每个 carton 都在 carton.toml 中描述其模型</translation>
    </message>
    <message>
        <source>no MANIFEST: this folder is a carton source; packing it generates MANIFEST</source>
        <translation>没有 MANIFEST：此文件夹是 carton 源；打包时会生成 MANIFEST</translation>
    </message>
    <message>
        <source>every carton lists its files and their sha256 in MANIFEST</source>
        <translation>每个 carton 都在 MANIFEST 中列出其文件及 sha256</translation>
    </message>
    <message>
        <source>spec_version is %1; expected 1 (Carton spec v1 is the only version there is)</source>
        <translation>spec_version 为 %1；应为 1（Carton 规范 v1 是唯一的版本）</translation>
    </message>
    <message>
        <source>model_name is empty; give the model a name or leave the field out</source>
        <translation>model_name 为空；请为模型命名，或省略该字段</translation>
    </message>
    <message>
        <source>short_description is %1 characters long; at most 100 are allowed (upstream refuses to pack longer ones)</source>
        <translation>short_description 长 %1 个字符；最多允许 100 个（上游拒绝打包更长的）</translation>
    </message>
    <message>
        <source>%1 is "%2"; expected an http(s) URL such as https://github.com/owner/model</source>
        <translation>%1 为 "%2"；应为 http(s) URL，如 https://github.com/owner/model</translation>
    </message>
    <message>
        <source>"%1" is not a valid target triple%2; expected e.g. x86_64-unknown-linux-gnu or aarch64-apple-darwin</source>
        <translation>"%1" 不是有效的目标三元组%2；应如 x86_64-unknown-linux-gnu 或 aarch64-apple-darwin</translation>
    </message>
    <message>
        <source>"%1" is listed twice (also required_platforms[%2])</source>
        <translation>"%1" 被列出两次（另见 required_platforms[%2]）</translation>
    </message>
    <message>
        <source>runner_name is empty; expected the name of the runner that runs the model (%1)</source>
        <translation>runner_name 为空；应为运行该模型的运行器名称（%1）</translation>
    </message>
    <message>
        <source>unknown runner "%1"; known runners are %2</source>
        <translation>未知的运行器 "%1"；已知的运行器有 %2</translation>
    </message>
    <message>
        <source>required_framework_version is empty; expected a semver version requirement such as =2.0.1</source>
        <translation>required_framework_version 为空；应为 semver 版本要求，如 =2.0.1</translation>
    </message>
    <message>
        <source>"%1" is not a valid semver version requirement%2; expected e.g. =2.0.1, &gt;=3.8, ^1.2</source>
        <translation>"%1" 不是有效的 semver 版本要求%2；应如 =2.0.1、&gt;=3.8、^1.2</translation>
    </message>
    <message>
        <source>runner_compat_version is %1; expected a non-negative integer</source>
        <translation>runner_compat_version 为 %1；应为非负整数</translation>
    </message>
    <message>
        <source>option "%1" is given twice</source>
        <translation>选项 "%1" 被指定了两次</translation>
    </message>
    <message>
        <source>the %1 runner is not known to read option "%2"%3</source>
        <translation>未知 %1 运行器会读取选项 "%2"%3</translation>
    </message>
    <message>
        <source> (it reads none)</source>
        <translation>（它不读取任何选项）</translation>
    </message>
    <message>
        <source> (it reads %1)</source>
        <translation>（它读取 %1）</translation>
    </message>
    <message>
        <source>unknown key "%1" is ignored (a typo?); it is not written back when the file is saved</source>
        <translation>未知键 "%1" 被忽略（拼写错误？）；保存文件时不会写回</translation>
    </message>
    <message>
        <source>references tensor "%1" but the carton has no readable tensor_data/index.toml</source>
        <translation>引用了张量 "%1"，但 carton 中没有可读的 tensor_data/index.toml</translation>
    </message>
    <message>
        <source>references tensor "%1", which tensor_data/index.toml does not list</source>
        <translation>引用了张量 "%1"，但 tensor_data/index.toml 未列出它</translation>
    </message>
    <message>
        <source>%1 is declared %2 in %3 but nested tensor "%4" holds %5 tensor ("%6")</source>
        <translation>%1 在 %3 中声明为 %2，但嵌套张量 "%4" 包含 %5 张量（"%6"）</translation>
    </message>
    <message>
        <source>%1 is declared %2 in %3 but references %4 tensor ("%5")</source>
        <translation>%1 在 %3 中声明为 %2，但引用的是 %4 张量（"%5"）</translation>
    </message>
    <message>
        <source>references misc/%1, which is not in the carton</source>
        <translation>引用了 misc/%1，但它不在 carton 中</translation>
    </message>
    <message>
        <source>%1 "%2" (line %3 of the description) refers to %4, which is not in the carton</source>
        <translation>%1 "%2"（描述第 %3 行）引用了 %4，但它不在 carton 中</translation>
    </message>
    <message>
        <source>%1… (%2 characters)</source>
        <translation>%1…（%2 个字符）</translation>
    </message>
    <message>
        <source> … and %1 more</source>
        <translation> … 另有 %1 个</translation>
    </message>
    <message>
        <source>"%1" must start with @tensor_data/ or @misc/ (a tensor in tensor_data or a file in misc)</source>
        <translation>"%1" 必须以 @tensor_data/ 或 @misc/ 开头（tensor_data 中的张量或 misc 中的文件）</translation>
    </message>
    <message>
        <source>"%1" must start with @tensor_data/: %2 values reference tensors in tensor_data</source>
        <translation>"%1" 必须以 @tensor_data/ 开头：%2 的值引用 tensor_data 中的张量</translation>
    </message>
    <message>
        <source>"%1" names nothing; expected %2NAME</source>
        <translation>"%1" 未指明任何对象；应为 %2NAME</translation>
    </message>
    <message>
        <source>"%1" is not a safe relative path inside misc/ (no '..', leading '/', '\\' or empty parts)</source>
        <translation>"%1" 不是 misc/ 内的安全相对路径（不得含 '..'、开头的 '/'、'\\' 或空的部分）</translation>
    </message>
    <message>
        <source>"%1" is given twice</source>
        <translation>"%1" 被指定了两次</translation>
    </message>
    <message>
        <source>"%1" is not a declared %2 (declared: %3)</source>
        <translation>"%1" 不是已声明的 %2（已声明：%3）</translation>
    </message>
    <message>
        <source>… and %1 more %2 (only the first %3 are listed)</source>
        <translation>… 另有 %1 个%2（只列出前 %3 个）</translation>
    </message>
    <message>
        <source>keys given twice</source>
        <translation>重复指定的键</translation>
    </message>
    <message>
        <source>keys that are not a declared %1</source>
        <translation>不是已声明的 %1 的键</translation>
    </message>
    <message>
        <source>values that are not valid references</source>
        <translation>不是有效引用的值</translation>
    </message>
    <message>
        <source>tolerance for output "%1", but carton.toml declares no [[output]]</source>
        <translation>为输出 "%1" 设置了容差，但 carton.toml 未声明任何 [[output]]</translation>
    </message>
    <message>
        <source>tolerance for output "%1", which carton.toml does not declare; the outputs are %2</source>
        <translation>为输出 "%1" 设置了容差，但 carton.toml 未声明它；输出有 %2</translation>
    </message>
    <message>
        <source>%1 more tolerances for outputs carton.toml does not declare</source>
        <translation>另有 %1 个容差针对 carton.toml 未声明的输出</translation>
    </message>
    <message>
        <source>self_test given but carton.toml declares no [[input]] or [[output]]; inputs and outputs must be specified in order to specify test data</source>
        <translation>指定了 self_test，但 carton.toml 未声明 [[input]] 或 [[output]]；必须先指定输入和输出才能指定测试数据</translation>
    </message>
    <message>
        <source>self_test inputs given but carton.toml declares no [[input]]</source>
        <translation>指定了 self_test 输入，但 carton.toml 未声明 [[input]]</translation>
    </message>
    <message>
        <source>self_test has no inputs; the model declares %1</source>
        <translation>self_test 没有输入；模型声明了 %1</translation>
    </message>
    <message>
        <source>expected_out given but carton.toml declares no [[output]]</source>
        <translation>指定了 expected_out，但 carton.toml 未声明 [[output]]</translation>
    </message>
    <message>
        <source>no tensor for declared inputs %1; the self-test runs without them</source>
        <translation>已声明的输入 %1 没有张量；自检将在没有它们的情况下运行</translation>
    </message>
    <message>
        <source>no tensor for declared input %1; the self-test runs without it</source>
        <translation>已声明的输入 %1 没有张量；自检将在没有它的情况下运行</translation>
    </message>
    <message>
        <source>example given but carton.toml declares no [[input]] or [[output]]; inputs and outputs must be specified in order to specify examples</source>
        <translation>指定了 example，但 carton.toml 未声明 [[input]] 或 [[output]]；必须先指定输入和输出才能指定示例</translation>
    </message>
    <message>
        <source>example inputs given but carton.toml declares no [[input]]</source>
        <translation>指定了 example 输入，但 carton.toml 未声明 [[input]]</translation>
    </message>
    <message>
        <source>example sample_out given but carton.toml declares no [[output]]</source>
        <translation>指定了 example sample_out，但 carton.toml 未声明 [[output]]</translation>
    </message>
    <message>
        <source>%1 "%2" (line %3 of the description) must be a complete https URL or an @misc/ file</source>
        <translation>%1 "%2"（描述第 %3 行）必须是完整的 https URL 或 @misc/ 文件</translation>
    </message>
    <message>
        <source>shape symbol '%1' is %2 here but %3 in %4</source>
        <translation>形状符号 '%1' 在此处为 %2，但在 %4 中为 %3</translation>
    </message>
    <message>
        <source>symbol '%1' is %2 here (dim %3) but %4 in %5</source>
        <translation>符号 '%1' 在此处为 %2（第 %3 维），但在 %5 中为 %4</translation>
    </message>
    <message>
        <source>%1 name is empty; every %1 needs a name</source>
        <translation>%1 名称为空；每个 %1 都需要名称</translation>
    </message>
    <message>
        <source>duplicate %1 name "%2" (also %1[%3])</source>
        <translation>重复的 %1 名称 "%2"（另见 %1[%3]）</translation>
    </message>
    <message>
        <source>unknown dtype "%1"; expected one of %2</source>
        <translation>未知的 dtype "%1"；应为 %2 之一</translation>
    </message>
    <message>
        <source>dtype "%1" is not allowed in [[%2]]; expected one of %3</source>
        <translation>dtype "%1" 在 [[%2]] 中不允许；应为 %3 之一</translation>
    </message>
    <message>
        <source>shape is the empty string: a symbol without a name; use "*" for any shape or name the symbol</source>
        <translation>形状为空字符串：没有名称的符号；任意形状请用 "*"，或为符号命名</translation>
    </message>
    <message>
        <source>shape is the string "%1", a symbol for the whole shape; for one dimension of size %1 write [%1]</source>
        <translation>形状为字符串 "%1"，即代表整个形状的符号；若要一个大小为 %1 的维度，请写 [%1]</translation>
    </message>
    <message>
        <source>dimension %1 is %2; expected a non-negative integer, a symbol or "*"</source>
        <translation>第 %1 维为 %2；应为非负整数、符号或 "*"</translation>
    </message>
    <message>
        <source>dimension %1 is the empty string: a symbol without a name; use "*" or name the symbol</source>
        <translation>第 %1 维为空字符串：没有名称的符号；请用 "*" 或为符号命名</translation>
    </message>
    <message>
        <source>dimension %1 is the string "%2", which is a symbol, not the size %2; write %2 without quotes</source>
        <translation>第 %1 维为字符串 "%2"，这是符号而不是大小 %2；请去掉引号写 %2</translation>
    </message>
    <message>
        <source>symbol '%1' names the whole shape of %2 but one dimension of %3; the two bind different kinds of values, so they are not checked against each other</source>
        <translation>符号 '%1' 在 %2 中代表整个形状，在 %3 中却代表一个维度；两者绑定的值种类不同，因此不相互检查</translation>
    </message>
    <message>
        <source>symbol '%1' names one dimension of %2 but the whole shape of %3; the two bind different kinds of values, so they are not checked against each other</source>
        <translation>符号 '%1' 在 %2 中代表一个维度，在 %3 中却代表整个形状；两者绑定的值种类不同，因此不相互检查</translation>
    </message>
    <message>
        <source>%1 %2s are declared but no [[%3]]; if you specify one input or output, you must specify all inputs and outputs</source>
        <translation>声明了 %1 个 %2，但没有 [[%3]]；只要指定了一个输入或输出，就必须指定全部输入和输出</translation>
    </message>
    <message>
        <source>%1 %2 is declared but no [[%3]]; if you specify one input or output, you must specify all inputs and outputs</source>
        <translation>声明了 %1 个 %2，但没有 [[%3]]；只要指定了一个输入或输出，就必须指定全部输入和输出</translation>
    </message>
    <message>
        <source> and %1 more</source>
        <translation> 另有 %1 个</translation>
    </message>
    <message>
        <source> (also in %1)</source>
        <translation>（另见 %1）</translation>
    </message>
    <message>
        <source>tensor "%1" of shape %2</source>
        <translation>形状为 %2 的张量 "%1"</translation>
    </message>
    <message>
        <source>%1 feeds %2 %3 (1 dimension), but %2 is declared %4 (%5)</source>
        <translation>%1 向 %2 提供 %3（1 维），但 %2 声明为 %4（%5）</translation>
    </message>
    <message>
        <source>%1 feeds %2 %3 (%6 dimensions), but %2 is declared %4 (%5)</source>
        <translation>%1 向 %2 提供 %3（%6 维），但 %2 声明为 %4（%5）</translation>
    </message>
    <message>
        <source>a scalar</source>
        <translation>标量</translation>
    </message>
    <message>
        <source>1 dimension</source>
        <translation>1 维</translation>
    </message>
    <message>
        <source>%1 dimensions</source>
        <translation>%1 维</translation>
    </message>
    <message>
        <source>%1 feeds %2 %3: dimension %4 is %5, but it is declared %6 (%7)</source>
        <translation>%1 向 %2 提供 %3：第 %4 维为 %5，但声明为 %6（%7）</translation>
    </message>
    <message>
        <source>%1: %2symbol '%3' is %4 in %5 (%6, %7) but %8 in %9; a symbol must resolve to the same value across all inputs and outputs</source>
        <translation>%1：%2符号 '%3' 在 %5（%6，%7）中为 %4，但在 %9 中为 %8；一个符号在所有输入和输出中必须取相同的值</translation>
    </message>
    <message>
        <source>shape %1 has a negative dimension or more than %2 elements</source>
        <translation>形状 %1 含有负数维度，或元素超过 %2 个</translation>
    </message>
    <message>
        <source>shape %1 of %2 needs more bytes than a file can hold</source>
        <translation>%2 的形状 %1 所需字节数超过文件所能容纳的大小</translation>
    </message>
    <message>
        <source>%1 holds %2 bytes; a %3 tensor of shape %4 needs %5 (%6 elements × %7 bytes)</source>
        <translation>%1 有 %2 字节；形状为 %4 的 %3 张量需要 %5（%6 个元素 × %7 字节）</translation>
    </message>
    <message>
        <source>%1 is %2 bytes, over the %3-byte limit for string tensor files; its element count was not checked</source>
        <translation>%1 为 %2 字节，超过字符串张量文件 %3 字节的上限；未检查其元素数量</translation>
    </message>
    <message>
        <source>missing, but tensor_data/ holds %1 files (%2); index.toml must exist whenever tensor_data has other files</source>
        <translation>缺失，但 tensor_data/ 中有 %1 个文件（%2）；只要 tensor_data 中有其他文件，就必须有 index.toml</translation>
    </message>
    <message>
        <source>missing, but tensor_data/ holds %1 file (%2); index.toml must exist whenever tensor_data has other files</source>
        <translation>缺失，但 tensor_data/ 中有 %1 个文件（%2）；只要 tensor_data 中有其他文件，就必须有 index.toml</translation>
    </message>
    <message>
        <source>nested tensor "%1" has no inner tensors</source>
        <translation>嵌套张量 "%1" 没有内部张量</translation>
    </message>
    <message>
        <source>nested tensor "%1" lists inner tensor "%2" again (first at inner[%3]); each inner tensor may appear once</source>
        <translation>嵌套张量 "%1" 再次列出了内部张量 "%2"（首次见于 inner[%3]）；每个内部张量只能出现一次</translation>
    </message>
    <message>
        <source>inner tensor "%1" of nested tensor "%2" is not in the index</source>
        <translation>嵌套张量 "%2" 的内部张量 "%1" 不在索引中</translation>
    </message>
    <message>
        <source>inner tensor "%1" of "%2" is itself nested; inner tensors must not be nested</source>
        <translation>"%2" 的内部张量 "%1" 本身是嵌套的；内部张量不得嵌套</translation>
    </message>
    <message>
        <source>dtype %1 is not a Carton v1 dtype; expected nested or one of %2</source>
        <translation>dtype %1 不是 Carton v1 的 dtype；应为 nested 或 %2 之一</translation>
    </message>
    <message>
        <source>%1 (tensor "%2") is missing: not in the carton and not in LINKS</source>
        <translation>%1（张量 "%2"）缺失：既不在 carton 中，也不在 LINKS 中</translation>
    </message>
    <message>
        <source>not referenced by any tensor in tensor_data/index.toml</source>
        <translation>未被 tensor_data/index.toml 中的任何张量引用</translation>
    </message>
    <message>
        <source>%1 "%2" is not an %1 of %3 (its %1s: %4)</source>
        <translation>%1 "%2" 不是 %3 的 %1（其 %1：%4）</translation>
    </message>
    <message>
        <source>%1 "%2" is %3 in carton.toml but %4 in %5</source>
        <translation>%1 "%2" 在 carton.toml 中为 %3，但在 %5 中为 %4</translation>
    </message>
    <message>
        <source>%1 "%2" has %3 dimensions in carton.toml (%4) but %5 in %6 (%7)</source>
        <translation>%1 "%2" 在 carton.toml 中有 %3 维（%4），但在 %6 中有 %5 维（%7）</translation>
    </message>
    <message>
        <source>%1 "%2": dimension %3 is %4 in carton.toml but %5 in %6</source>
        <translation>%1 "%2"：第 %3 维在 carton.toml 中为 %4，但在 %6 中为 %5</translation>
    </message>
    <message>
        <source>%1 "%2": dimension %3 is the symbol %4 in carton.toml but fixed to %5 in %6</source>
        <translation>%1 "%2"：第 %3 维在 carton.toml 中为符号 %4，但在 %6 中固定为 %5</translation>
    </message>
    <message>
        <source>%1 "%2": dimension %3 is the symbol %4 in carton.toml and %5 in %6</source>
        <translation>%1 "%2"：第 %3 维在 carton.toml 中为符号 %4，在 %6 中为 %5</translation>
    </message>
    <message>
        <source>%1 takes %2 "%3" (%4 %5) that carton.toml does not declare</source>
        <translation>%1 接受 carton.toml 未声明的 %2 "%3"（%4 %5）</translation>
    </message>
    <message>
        <source>%1: forward takes one dict (%2: %3), so the names of carton.toml's inputs cannot be compared with the model's</source>
        <translation>%1：forward 接受一个字典（%2: %3），因此无法将 carton.toml 中输入的名称与模型的进行比较</translation>
    </message>
    <message>
        <source>%1: forward returns a dict (%2), so the names of carton.toml's outputs cannot be compared with the model's</source>
        <translation>%1：forward 返回一个字典（%2），因此无法将 carton.toml 中输出的名称与模型的进行比较</translation>
    </message>
    <message numerus="yes">
        <source>carton.toml declares %n output(s) but forward in %1 returns %2 (%3)</source>
        <translation>
            <numerusform>carton.toml 声明了 %n 个输出，但 %1 中的 forward 返回 %2 个（%3）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>carton::MarkdownRenderer</name>
    <message>
        <source>(The description is too long and was cut.)</source>
        <translation>（描述过长，已截断。）</translation>
    </message>
</context>
<context>
    <name>studio</name>
    <message>
        <source>an unknown amount</source>
        <translation>未知大小</translation>
    </message>
</context>
<context>
    <name>studio::AboutDialog</name>
    <message>
        <source>About %1</source>
        <translation>关于 %1</translation>
    </message>
    <message>
        <source>&lt;h2&gt;%1&lt;/h2&gt;&lt;p&gt;Version %2&lt;/p&gt;&lt;p&gt;Browse and check &lt;code&gt;.carton&lt;/code&gt; machine-learning model packages: the model card, inputs and outputs, every file verified against its MANIFEST, the test tensors, and the carton's self-tests run through runner plugins (TorchScript, Python, no-op) in a separate process, with every error figure.&lt;/p&gt;&lt;p&gt;Built with Qt %3, running on Qt %4.&lt;/p&gt;&lt;p&gt;Licensed under the Apache License, Version 2.0.&lt;br&gt;Copyright © Carton Studio contributors.&lt;/p&gt;&lt;p&gt;The Carton format is by Vivek Panyam and contributors (&lt;a href="https://github.com/VivekPanyam/carton"&gt;github.com/VivekPanyam/carton&lt;/a&gt;).&lt;/p&gt;</source>
        <translation>&lt;h2&gt;%1&lt;/h2&gt;&lt;p&gt;版本 %2&lt;/p&gt;&lt;p&gt;浏览和检查 &lt;code&gt;.carton&lt;/code&gt; 机器学习模型包：模型卡片、输入与输出、依据 MANIFEST 校验的每个文件、测试张量，以及通过运行器插件（TorchScript、Python、no-op）在独立进程中运行的 carton 自检，并给出全部误差指标。&lt;/p&gt;&lt;p&gt;使用 Qt %3 构建，运行于 Qt %4。&lt;/p&gt;&lt;p&gt;依据 Apache License 2.0 版授权。&lt;br&gt;Copyright © Carton Studio 贡献者。&lt;/p&gt;&lt;p&gt;Carton 格式由 Vivek Panyam 及贡献者创建（&lt;a href="https://github.com/VivekPanyam/carton"&gt;github.com/VivekPanyam/carton&lt;/a&gt;）。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>studio::BenchmarkDialog</name>
    <message>
        <source>Benchmark</source>
        <translation>基准测试</translation>
    </message>
    <message>
        <source>Self-test</source>
        <translation>自检</translation>
    </message>
    <message>
        <source>Per second</source>
        <translation>每秒</translation>
    </message>
    <message>
        <source>Mean time of moving the tensors between the app and the runner host, not part of the latency</source>
        <translation>在应用与运行器宿主之间传输张量的平均时间，不计入延迟</translation>
    </message>
    <message>
        <source>Latency histogram:</source>
        <translation>延迟直方图：</translation>
    </message>
    <message>
        <source>, runner host peak memory %1</source>
        <translation>，运行器宿主峰值内存 %1</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>Transfer</source>
        <translation>传输</translation>
    </message>
    <message>
        <source>%1 warm-up and %2 timed inferences per self-test. Model load %3</source>
        <translation>每个自检 %1 次预热、%2 次计时推理。模型加载 %3</translation>
    </message>
    <message>
        <source>, first inference %1</source>
        <translation>，首次推理 %1</translation>
    </message>
</context>
<context>
    <name>studio::CardProbe</name>
    <message>
        <source>The window is gone.</source>
        <translation>窗口已不存在。</translation>
    </message>
    <message>
        <source>No carton was given.</source>
        <translation>未指定 carton。</translation>
    </message>
</context>
<context>
    <name>studio::CartonBanners</name>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Downloading %1…</source>
        <translation>正在下载 %1…</translation>
    </message>
    <message>
        <source>%1 was deleted or moved; what is shown is what was read before.</source>
        <translation>%1 已被删除或移动；当前显示的是之前读取的内容。</translation>
    </message>
    <message>
        <source>To save a valid carton, fill in or correct: %1</source>
        <translation>要保存有效的 Carton，请填写或更正：%1</translation>
    </message>
</context>
<context>
    <name>studio::CartonDocument</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Replace %1</source>
        <translation>替换 %1</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>添加 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <source>Rename %1</source>
        <translation>重命名 %1</translation>
    </message>
    <message>
        <source>Runner name</source>
        <translation>运行器名称</translation>
    </message>
    <message>
        <source>Required framework version</source>
        <translation>所需框架版本</translation>
    </message>
    <message>
        <source>Model files</source>
        <translation>模型文件</translation>
    </message>
    <message>
        <source>Model name</source>
        <translation>模型名称</translation>
    </message>
    <message>
        <source>Saving was cancelled.</source>
        <translation>保存已取消。</translation>
    </message>
    <message>
        <source>Recover Unsaved Edits</source>
        <translation>恢复未保存的编辑</translation>
    </message>
    <message>
        <source>Confirm Guessed Fields</source>
        <translation>确认根据模型填写的字段</translation>
    </message>
    <message numerus="yes">
        <source>%n character(s)</source>
        <translation>
            <numerusform>%n 个字符</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::CartonFilesModel</name>
    <message>
        <source>Unsafe entries (left out)</source>
        <translation>不安全的条目（已略过）</translation>
    </message>
    <message>
        <source>These entries have unsafe names or links. They were left out: the carton is open read-only and cannot be extracted or saved.</source>
        <translation>这些条目的名称或链接不安全，已被略过：该 carton 以只读方式打开，无法解压或保存。</translation>
    </message>
    <message>
        <source>Unsafe: left out</source>
        <translation>不安全：已略过</translation>
    </message>
    <message>
        <source>MANIFEST lists the hashes of the other files; its own sha256 is the model hash.</source>
        <translation>MANIFEST 列出其他文件的哈希；它自身的 sha256 即为模型哈希。</translation>
    </message>
    <message>
        <source>LINKS is not part of MANIFEST: it only says where linked files can be fetched.</source>
        <translation>LINKS 不属于 MANIFEST：它只说明链接文件可从何处获取。</translation>
    </message>
    <message>
        <source>not in archive</source>
        <translation>不在归档中</translation>
    </message>
    <message>
        <source>symlink → %1</source>
        <translation>符号链接 → %1</translation>
    </message>
    <message>
        <source>Not verified</source>
        <translation>未校验</translation>
    </message>
    <message>
        <source>%1 bytes in the files below</source>
        <translation>以下文件共 %1 字节</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>Not listed in MANIFEST</source>
        <translation>未在 MANIFEST 中列出</translation>
    </message>
    <message>
        <source>sha256 in MANIFEST: %1</source>
        <translation>MANIFEST 中的 sha256：%1</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Compressed</source>
        <translation>压缩后</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>校验</translation>
    </message>
    <message>
        <source>remote: %1</source>
        <translation>远程：%1</translation>
    </message>
    <message>
        <source>%1 is not in the archive: LINKS lists where to fetch it:
%2</source>
        <translation>%1 不在归档中：LINKS 列出了获取位置：
%2</translation>
    </message>
<message>
        <source>Written when saving</source>
        <translation>保存时写入</translation>
    </message>
    <message>
        <source>Added from disk</source>
        <translation>从磁盘添加</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>%1 (was %2)</source>
        <translation>%1（原为 %2）</translation>
    </message>
    <message>
        <source>%1 is written when saving</source>
        <translation>%1 在保存时写入</translation>
    </message>
</context>
<context>
    <name>studio::CartonPage</name>
    <message>
        <source>Unsaved edits of %1 could not be kept for recovery: %2</source>
        <translation>无法保存 %1 的未保存编辑以供恢复：%2</translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>Carton Changed on Disk</source>
        <translation>Carton 已在磁盘上更改</translation>
    </message>
    <message>
        <source>%1 changed on disk. Reload it and lose your unsaved edits, or keep editing (saving will replace the file on disk)?</source>
        <translation>%1 已在磁盘上更改。要重新加载并丢弃未保存的编辑，还是继续编辑（保存时将替换磁盘上的文件）？</translation>
    </message>
    <message>
        <source>%1 changed on disk and was reloaded.</source>
        <translation>%1 已在磁盘上更改并已重新加载。</translation>
    </message>
    <message>
        <source>A carton opened from a URL is read-only: save a local copy to edit it</source>
        <translation>从 URL 打开的 carton 是只读的：请保存本地副本后再编辑</translation>
    </message>
    <message>
        <source>%1 was not verified: nothing was downloaded.</source>
        <translation>%1 未校验：没有下载任何内容。</translation>
    </message>
    <message>
        <source>Entries were left out as unsafe: this carton is read-only</source>
        <translation>有条目因不安全而被略去：此 carton 为只读</translation>
    </message>
</context>
<context>
    <name>studio::CartonSession</name>
    <message>
        <source>sha256 %1 does not match MANIFEST (%2)</source>
        <translation>sha256 %1 与 MANIFEST 不符（%2）</translation>
    </message>
    <message>
        <source>could not be read</source>
        <translation>无法读取</translation>
    </message>
</context>
<context>
    <name>studio::CartonTabs</name>
    <message>
        <source>Copy &amp;Path</source>
        <translation>复制路径(&amp;P)</translation>
    </message>
    <message>
        <source>Show in &amp;Folder</source>
        <translation>在文件夹中显示(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>Close &amp;Others</source>
        <translation>关闭其他(&amp;O)</translation>
    </message>
    <message>
        <source>Close Tabs to the &amp;Right</source>
        <translation>关闭右侧标签页(&amp;R)</translation>
    </message>
</context>
<context>
    <name>studio::CartonView</name>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Inputs / Outputs</source>
        <translation>输入 / 输出</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Tensor Data</source>
        <translation>张量数据</translation>
    </message>
    <message>
        <source>Self-tests &amp;&amp; Examples</source>
        <translation>自检与示例</translation>
    </message>
    <message>
        <source>Safety</source>
        <translation>安全</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Edit Carton</source>
        <translation>编辑 Carton</translation>
    </message>
    <message>
        <source>Edit metadata, inputs and outputs, self-tests and files (Ctrl+E)</source>
        <translation>编辑元数据、输入与输出、自检和文件（Ctrl+E）</translation>
    </message>
<message>
        <source>Runner</source>
        <translation>运行器</translation>
    </message>
    <message>
        <source>Done Editing</source>
        <translation>完成编辑</translation>
    </message>
    <message>
        <source>Back to browsing the carton (Ctrl+E); edits stay until you save or close</source>
        <translation>返回浏览 carton（Ctrl+E）；编辑内容会保留，直到保存或关闭</translation>
    </message>
<message>
        <source>Metadata</source>
        <translation>元数据</translation>
    </message>
    </context>
<context>
    <name>studio::CommandLine</name>
    <message>
        <source>Browse and check .carton model packages.</source>
        <translation>浏览和检查 .carton 模型包。</translation>
    </message>
    <message>
        <source>Once everything is open and verified, save a picture of the window to &lt;file&gt; and quit (implies --new-instance).</source>
        <translation>全部打开并校验完成后，将窗口截图保存到 &lt;file&gt; 并退出（隐含 --new-instance）。</translation>
    </message>
    <message>
        <source>Wait &lt;ms&gt; after the window is idle before the picture.</source>
        <translation>窗口空闲后等待 &lt;ms&gt; 毫秒再截图。</translation>
    </message>
    <message>
        <source>Open a new window even when Carton Studio is already running.</source>
        <translation>即使 Carton Studio 已在运行，也打开一个新窗口。</translation>
    </message>
    <message>
        <source>Quit as soon as the first carton is shown, printing the time it took (startup benchmark; implies --new-instance).</source>
        <translation>显示第一个 carton 后立即退出，并打印所用时间（启动基准测试；隐含 --new-instance）。</translation>
    </message>
    <message>
        <source>--screenshot-delay expects milliseconds (0 to 600000), got "%1".</source>
        <translation>--screenshot-delay 需要毫秒数（0 到 600000），实际为“%1”。</translation>
    </message>
    <message>
        <source>.carton files, unpacked carton folders or http(s) URLs of .carton files to open.</source>
        <translation>要打开的 .carton 文件、解包的 carton 文件夹或 .carton 文件的 http(s) URL。</translation>
    </message>
    <message>
        <source>Show this tab of each carton first: a name (overview, inputs, files, model, tensors, tests, safety; in English in every language) or a number (1 = first).</source>
        <translation>先显示每个 carton 的此标签页：名称（overview、inputs、files、model、tensors、tests、safety；在任何语言下均使用英文）或编号（1 = 第一个）。</translation>
    </message>
</context>
<context>
    <name>studio::CompareBackendsDialog</name>
    <message>
        <source>not expected</source>
        <translation>未预期</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>Compare Backends</source>
        <translation>比较后端</translation>
    </message>
    <message>
        <source>Triton / KServe server</source>
        <translation>Triton / KServe 服务器</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>the carton's runner (%1)</source>
        <translation>carton 的运行器（%1）</translation>
    </message>
    <message>
        <source>A: %1   B:</source>
        <translation>A：%1   B：</translation>
    </message>
    <message>
        <source>Choose backend B and press Compare: the self-tests run on A, then on B, and B's outputs are compared with A's under the panel's tolerances.</source>
        <translation>选择后端 B 并点击“比较”：自测先在 A 上运行，再在 B 上运行，然后按面板的容差将 B 的输出与 A 的输出比较。</translation>
    </message>
    <message>
        <source>Self-test</source>
        <translation>自测</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>A vs expected</source>
        <translation>A 对比预期</translation>
    </message>
    <message>
        <source>B vs expected</source>
        <translation>B 对比预期</translation>
    </message>
    <message>
        <source>B vs A</source>
        <translation>B 对比 A</translation>
    </message>
    <message>
        <source>Max abs</source>
        <translation>最大绝对误差</translation>
    </message>
    <message>
        <source>Max rel</source>
        <translation>最大相对误差</translation>
    </message>
    <message>
        <source>Elements off</source>
        <translation>超差元素</translation>
    </message>
    <message>
        <source>Backend A</source>
        <translation>后端 A</translation>
    </message>
    <message>
        <source>Backend B</source>
        <translation>后端 B</translation>
    </message>
    <message>
        <source>Backend B: enter the server's URL (http://HOST:PORT).</source>
        <translation>后端 B：请输入服务器的 URL（http://HOST:PORT）。</translation>
    </message>
    <message>
        <source>Running the self-tests on backend A…</source>
        <translation>正在后端 A 上运行自测…</translation>
    </message>
    <message>
        <source>Running the self-tests on backend B…</source>
        <translation>正在后端 B 上运行自测…</translation>
    </message>
    <message>
        <source>A and B agree on all %1 self-tests.</source>
        <translation>A 与 B 在全部 %1 个自测上一致。</translation>
    </message>
    <message>
        <source>A and B disagree on %1 of %2 self-tests.</source>
        <translation>A 与 B 在 %2 个自测中有 %1 个不一致。</translation>
    </message>
    <message>
        <source>A: %1. B: %2.</source>
        <translation>A：%1。B：%2。</translation>
    </message>
    <message>
        <source>%1 could not run: %2</source>
        <translation>%1 无法运行：%2</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>In the error map A is the expected side and B the actual one.</source>
        <translation>在误差图中，A 为预期一侧，B 为实际一侧。</translation>
    </message>
    <message>
        <source>Copy as Command</source>
        <translation>复制为命令</translation>
    </message>
    <message>
        <source>Copy the carton selftest command line that makes this comparison</source>
        <translation>复制进行此比较的 carton selftest 命令行</translation>
    </message>
    <message>
        <source>Comparing B's outputs with A's…</source>
        <translation>正在将 B 的输出与 A 的输出比较…</translation>
    </message>
</context>
<context>
    <name>studio::CompareDetails</name>
    <message>
        <source>Tensor comparison</source>
        <translation>张量比较</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>左侧</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>右侧</translation>
    </message>
    <message>
        <source>Elements differing</source>
        <translation>不同的元素</translation>
    </message>
    <message>
        <source>Max abs error</source>
        <translation>最大绝对误差</translation>
    </message>
    <message>
        <source>Max rel error</source>
        <translation>最大相对误差</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Model hash</source>
        <translation>模型哈希</translation>
    </message>
    <message>
        <source>Identical: both cartons have the same model hash, so every file is the same.</source>
        <translation>相同：两个 carton 的模型哈希一致，因此每个文件都相同。</translation>
    </message>
    <message>
        <source>Select a row to see both values in full, or a file for its diff.</source>
        <translation>选择一行以查看两侧的完整值，或选择一个文件以查看其差异。</translation>
    </message>
    <message>
        <source>breaking</source>
        <translation>不兼容</translation>
    </message>
    <message>
        <source>compatible</source>
        <translation>兼容</translation>
    </message>
</context>
<context>
    <name>studio::CompareModel</name>
    <message>
        <source>Metadata</source>
        <translation>元数据</translation>
    </message>
    <message>
        <source>Runner</source>
        <translation>运行器</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Self-tests</source>
        <translation>自检</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Left: %1</source>
        <translation>左侧：%1</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>左侧</translation>
    </message>
    <message>
        <source>Right: %1</source>
        <translation>右侧：%1</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>右侧</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>What it means</source>
        <translation>含义</translation>
    </message>
    <message>
        <source>no changes</source>
        <translation>无变化</translation>
    </message>
    <message numerus="yes">
        <source>%n breaking</source>
        <translation>
            <numerusform>%n 项不兼容</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n compatible</source>
        <translation>
            <numerusform>%n 项兼容</numerusform>
        </translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>breaking</source>
        <translation>不兼容</translation>
    </message>
    <message>
        <source>compatible</source>
        <translation>兼容</translation>
    </message>
</context>
<context>
    <name>studio::ComparePage</name>
    <message>
        <source>Changes only</source>
        <translation>仅显示变化</translation>
    </message>
    <message>
        <source>Drop a carton here to replace the right side.</source>
        <translation>将 carton 拖放到此处以替换右侧。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Left:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;左侧：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Right:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;右侧：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <source>Could not compare: %1</source>
        <translation>无法比较：%1</translation>
    </message>
    <message>
        <source>no MANIFEST</source>
        <translation>无 MANIFEST</translation>
    </message>
    <message>
        <source>&lt;b&gt;Left:&lt;/b&gt; %1&lt;br&gt;model hash %2</source>
        <translation>&lt;b&gt;左侧：&lt;/b&gt;%1&lt;br&gt;模型哈希 %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Right:&lt;/b&gt; %1&lt;br&gt;model hash %2</source>
        <translation>&lt;b&gt;右侧：&lt;/b&gt;%1&lt;br&gt;模型哈希 %2</translation>
    </message>
    <message>
        <source>Identical: same model hash</source>
        <translation>相同：模型哈希一致</translation>
    </message>
    <message>
        <source>Different: %1 breaking, %2 compatible</source>
        <translation>不同：%1 项不兼容，%2 项兼容</translation>
    </message>
    <message>
        <source>Compare %1 with %2</source>
        <translation>比较 %1 与 %2</translation>
    </message>
    <message>
        <source>Compare %1 With</source>
        <translation>将 %1 与…比较</translation>
    </message>
    <message>
        <source>Cartons (*.carton);;All files (*)</source>
        <translation>Carton 文件 (*.carton);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Swap Sides</source>
        <translation>交换两侧(&amp;S)</translation>
    </message>
    <message>
        <source>Compare the right carton with the left one: what was added becomes removed</source>
        <translation>将右侧 carton 与左侧比较：新增的内容会变为删除</translation>
    </message>
<message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Drop a carton or model file here to replace the right side.</source>
        <translation>将 carton 或模型文件拖放到此处以替换右侧。</translation>
    </message>
    <message>
        <source>Stop comparing (the weights of large models take a while to read)</source>
        <translation>停止比较（读取大型模型的权重需要一些时间）</translation>
    </message>
    <message>
        <source>&amp;Package</source>
        <translation>包(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation>权重(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Graph</source>
        <translation>计算图(&amp;G)</translation>
    </message>
    <message>
        <source>Comparison cancelled</source>
        <translation>比较已取消</translation>
    </message>
    <message>
        <source>%1 is only on the right side.</source>
        <translation>%1 仅在右侧存在。</translation>
    </message>
    <message>
        <source>%1 is only on the left side.</source>
        <translation>%1 仅在左侧存在。</translation>
    </message>
    <message>
        <source>%1 changed shape: the sides cannot be shown cell by cell.</source>
        <translation>%1 的形状已改变：无法逐个单元格显示两侧。</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Click a weight in the chart or the table to see both sides and their difference.</source>
        <translation>点击图表或表格中的权重，查看两侧及其差值。</translation>
    </message>
    <message>
        <source>No model weights on either side.</source>
        <translation>两侧都没有模型权重。</translation>
    </message>
    <message>
        <source>%1 weights: %2 unchanged, %3 changed, %4 added, %5 removed</source>
        <translation>%1 个权重：%2 个未变，%3 个已更改，%4 个已添加，%5 个已删除</translation>
    </message>
    <message>
        <source>Not read: %1</source>
        <translation>未读取：%1</translation>
    </message>
    <message>
        <source>No ONNX graphs to compare.</source>
        <translation>没有可比较的 ONNX 计算图。</translation>
    </message>
    <message>
        <source>%1 nodes matched by structure; %2 changes</source>
        <translation>按结构匹配了 %1 个节点；%2 处变更</translation>
    </message>
    <message>
        <source>Cartons and models (*.carton *.onnx *.pt *.pth *.safetensors *.gguf *.bin);;All files (*)</source>
        <translation>Carton 与模型 (*.carton *.onnx *.pt *.pth *.safetensors *.gguf *.bin);;所有文件 (*)</translation>
    </message>
    <message>
        <source> — %1; weights %2 changed, %3 added, %4 removed</source>
        <translation> — %1；权重 %2 个已更改，%3 个已添加，%4 个已删除</translation>
    </message>
<message>
        <source>&amp;Outputs</source>
        <translation>输出(&amp;O)</translation>
    </message>
</context>
<context>
    <name>studio::DTypeDelegate</name>
    <message>
        <source>The element type of the tensor</source>
        <translation>张量的元素类型</translation>
    </message>
</context>
<context>
    <name>studio::DescriptionBrowser</name>
    <message>
        <source>Image not shown: %1</source>
        <translation>图像未显示：%1</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Remote image not loaded: %1</source>
        <translation>远程图像未加载：%1</translation>
    </message>
    <message>
        <source>Image not shown</source>
        <translation>图像未显示</translation>
    </message>
    <message>
        <source>no carton</source>
        <translation>无 carton</translation>
    </message>
    <message>
        <source>larger than %1</source>
        <translation>大于 %1</translation>
    </message>
    <message>
        <source>HTTP status %1</source>
        <translation>HTTP 状态 %1</translation>
    </message>
    <message>
        <source>unreadable image</source>
        <translation>无法读取的图像</translation>
    </message>
    <message>
        <source>Link not opened: only http and https links are followed.</source>
        <translation>链接未打开：只打开 http 和 https 链接。</translation>
    </message>
</context>
<context>
    <name>studio::DiagnosticsDock</name>
    <message>
        <source>Diagnostics</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>No problems found.</source>
        <translation>未发现问题。</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>1 error</source>
        <translation>1 个错误</translation>
    </message>
    <message>
        <source>%1 errors</source>
        <translation>%1 个错误</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 个警告</translation>
    </message>
    <message>
        <source>%1 warnings</source>
        <translation>%1 个警告</translation>
    </message>
    <message>
        <source>1 info</source>
        <translation>1 条信息</translation>
    </message>
    <message>
        <source>%1 infos</source>
        <translation>%1 条信息</translation>
    </message>
    <message>
        <source>Diagnostics (%1)</source>
        <translation>诊断（%1）</translation>
    </message>
    <message>
        <source>&amp;Use the Model's Signature</source>
        <translation>使用模型的签名(&amp;U)</translation>
    </message>
    <message>
        <source>Take [[input]] and [[output]] from the model file's own signature (Fill from Model)</source>
        <translation>从模型文件自身的签名获取 [[input]] 和 [[output]]（从模型填充）</translation>
    </message>
</context>
<context>
    <name>studio::DiagnosticsModel</name>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
</context>
<context>
    <name>studio::DocumentActions</name>
    <message>
        <source>&amp;New Carton</source>
        <translation>新建 Carton(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit Carton</source>
        <translation>编辑 Carton(&amp;E)</translation>
    </message>
    <message>
        <source>Switch between browsing the carton and editing it</source>
        <translation>在浏览和编辑 carton 之间切换</translation>
    </message>
    <message>
        <source>Open the carton folder %1 to edit and save as a .carton</source>
        <translation>打开 carton 文件夹 %1 以进行编辑并保存为 .carton</translation>
    </message>
    <message>
        <source>Start a new carton with %1 under model/</source>
        <translation>新建一个 carton，并将 %1 放在 model/ 下</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>打开 %1</translation>
    </message>
    <message>
        <source>Cannot Start a Carton</source>
        <translation>无法新建 Carton</translation>
    </message>
    <message>
        <source>%1 cannot be packed: %2</source>
        <translation>无法打包 %1：%2</translation>
    </message>
    <message>
        <source>Cannot Save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <source>%1 has unsafe entries that were left out; it cannot be saved.</source>
        <translation>%1 含有已被略过的不安全条目，无法保存。</translation>
    </message>
    <message>
        <source>Save With Errors?</source>
        <translation>仍要保存有错误的文件吗？</translation>
    </message>
    <message numerus="yes">
        <source>%1 has %n error(s); upstream Carton may refuse to load it.</source>
        <translation>
            <numerusform>%1 有 %n 个错误；上游 Carton 可能会拒绝加载它。</numerusform>
        </translation>
    </message>
    <message>
        <source>Save Anyway</source>
        <translation>仍然保存</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>正在保存 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Saving %1… %2 of %3</source>
        <translation>正在保存 %1… %2 / %3</translation>
    </message>
    <message>
        <source>Save Failed</source>
        <translation>保存失败</translation>
    </message>
    <message>
        <source>%1 was not saved; nothing on disk changed.

%2</source>
        <translation>%1 未保存；磁盘上的内容没有任何改变。

%2</translation>
    </message>
    <message>
        <source>Unsaved Edits</source>
        <translation>未保存的编辑</translation>
    </message>
    <message>
        <source>Save the changes to %1 before closing?</source>
        <translation>关闭前是否保存对 %1 的更改？</translation>
    </message>
    <message>
        <source>Your edits are lost if you don't save them.</source>
        <translation>如果不保存，您的编辑将会丢失。</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Recover Unsaved Edits?</source>
        <translation>恢复未保存的编辑吗？</translation>
    </message>
    <message>
        <source>Carton Studio did not close normally. Recover the unsaved edits of %1 (autosaved %2)?</source>
        <translation>Carton Studio 未正常退出。要恢复 %1 的未保存编辑（自动保存于 %2）吗？</translation>
    </message>
    <message>
        <source>Recover</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Ask Again Later</source>
        <translation>稍后再问</translation>
    </message>
    <message>
        <source>Cannot Recover</source>
        <translation>无法恢复</translation>
    </message>
    <message>
        <source>The carton the edits belong to cannot be opened: %1</source>
        <translation>无法打开这些编辑所属的 carton：%1</translation>
    </message>
    <message>
        <source>%1 cannot be saved while a value typed in it is not applied. Correct it (or type the value to keep), then save.</source>
        <translation>只要其中输入的某个值尚未应用，%1 就无法保存。请更正它（或输入要保留的值）后再保存。</translation>
    </message>
</context>
<context>
    <name>studio::ErrorMapPane</name>
    <message>
        <source>|actual − expected|</source>
        <translation>|实际值 − 期望值|</translation>
    </message>
    <message>
        <source>Relative error</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <source>Excess over tolerance (&gt; 0 fails)</source>
        <translation>超出容差的量（&gt; 0 即失败）</translation>
    </message>
    <message>
        <source>Jump to Worst</source>
        <translation>跳到最大误差处</translation>
    </message>
    <message>
        <source>Show the element with the largest error in the map and in both tensors</source>
        <translation>在误差图和两个张量中显示误差最大的元素</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>期望值</translation>
    </message>
    <message>
        <source>Actual</source>
        <translation>实际值</translation>
    </message>
    <message>
        <source>Error map</source>
        <translation>误差图</translation>
    </message>
    <message>
        <source>Run the self-tests and pick an output to see where it differs.</source>
        <translation>运行自检并选择一个输出，即可查看它在哪里存在差异。</translation>
    </message>
    <message>
        <source>No expected tensor.</source>
        <translation>没有期望张量。</translation>
    </message>
    <message>
        <source>The model did not return this output.</source>
        <translation>模型没有返回此输出。</translation>
    </message>
    <message>
        <source>No error map: one side is missing.</source>
        <translation>无误差图：缺少一侧。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>No error map: %1</source>
        <translation>无误差图：%1</translation>
    </message>
    <message>
        <source>%1 of %2 elements outside the tolerance</source>
        <translation>%2 个元素中有 %1 个超出容差</translation>
    </message>
    <message>
        <source>Every element within the tolerance</source>
        <translation>所有元素均在容差范围内</translation>
    </message>
</context>
<context>
    <name>studio::ErrorPage</name>
    <message>
        <source>Try Again</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Close Tab</source>
        <translation>关闭标签页</translation>
    </message>
</context>
<context>
    <name>studio::ExtractJob</name>
    <message>
        <source>Extracting…</source>
        <translation>正在解压…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Extract</source>
        <translation>解压</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Extracting %1…</source>
        <translation>正在解压 %1…</translation>
    </message>
</context>
<context>
    <name>studio::FilePreview</name>
    <message>
        <source>%1 is played once the carton is saved.</source>
        <translation>%1 将在 carton 保存后播放。</translation>
    </message>
    <message>
        <source>%1 is not in the archive: it is listed in LINKS (not fetched).</source>
        <translation>%1 不在归档中：它列在 LINKS 中（未获取）。</translation>
    </message>
    <message>
        <source>%1 is not in the archive.</source>
        <translation>%1 不在归档中。</translation>
    </message>
    <message>
        <source>image larger than %1 is not previewed</source>
        <translation>大于 %1 的图像不予预览</translation>
    </message>
</context>
<context>
    <name>studio::FileViewer</name>
    <message>
        <source>Select a file to see its contents.</source>
        <translation>选择一个文件以查看其内容。</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>(showing the first %1)</source>
        <translation>（仅显示前 %1）</translation>
    </message>
    <message>
        <source>— binary; first %1 bytes:</source>
        <translation>— 二进制；前 %1 字节：</translation>
    </message>
    <message numerus="yes">
        <source>— animated, %n frames</source>
        <translation>
            <numerusform>— 动画，%n 帧</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::FilesPage</name>
    <message>
        <source>Extract…</source>
        <translation>解压…</translation>
    </message>
    <message>
        <source>Extract the selected files (or everything when nothing is selected) into a folder</source>
        <translation>将所选文件（未选择时为全部文件）解压到一个文件夹</translation>
    </message>
    <message>
        <source>This carton has unsafe entries (see Diagnostics): it is open read-only and cannot be extracted</source>
        <translation>此 carton 含有不安全的条目（见“诊断”）：它以只读方式打开，无法解压</translation>
    </message>
    <message>
        <source>Filter files (Ctrl+F)</source>
        <translation>筛选文件（Ctrl+F）</translation>
    </message>
    <message>
        <source>Copy &amp;Path</source>
        <translation>复制路径(&amp;P)</translation>
    </message>
    <message>
        <source>Copy &amp;SHA-256</source>
        <translation>复制 SHA-256(&amp;S)</translation>
    </message>
    <message>
        <source>SHA-256 copied to the clipboard.</source>
        <translation>已将 SHA-256 复制到剪贴板。</translation>
    </message>
    <message>
        <source>Path copied to the clipboard.</source>
        <translation>已将路径复制到剪贴板。</translation>
    </message>
    <message>
        <source>Extract Everything To</source>
        <translation>全部解压到</translation>
    </message>
    <message numerus="yes">
        <source>Extract %n File(s) To</source>
        <translation>
            <numerusform>将 %n 个文件解压到</numerusform>
        </translation>
    </message>
    <message>
        <source>Extract</source>
        <translation>解压</translation>
    </message>
    <message>
        <source>The folder %1 is not empty. Files with the same names will be replaced. Continue?</source>
        <translation>文件夹 %1 不为空。同名文件将被替换。是否继续？</translation>
    </message>
    <message numerus="yes">
        <source>Extracted %n file(s) (%1) to %2.</source>
        <translation>
            <numerusform>已将 %n 个文件（%1）解压到 %2。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n linked file(s) were not fetched.</source>
        <translation>
            <numerusform>%n 个链接文件未获取。</numerusform>
        </translation>
    </message>
    <message>
        <source>Extraction cancelled; nothing was left behind.</source>
        <translation>解压已取消；没有留下任何文件。</translation>
    </message>
    <message>
        <source>Extraction failed: %1</source>
        <translation>解压失败：%1</translation>
    </message>
    <message>
        <source>Extraction failed:
%1</source>
        <translation>解压失败：
%1</translation>
    </message>
<message>
        <source>Add to:</source>
        <translation>添加到：</translation>
    </message>
    <message>
        <source>Where added files go: model/ for the model, misc/ for images, audio and video the description or examples use</source>
        <translation>添加的文件放在哪里：model/ 用于模型，misc/ 用于描述或示例所用的图像、音频和视频</translation>
    </message>
    <message>
        <source>Add &amp;Files…</source>
        <translation>添加文件(&amp;F)…</translation>
    </message>
    <message>
        <source>Add F&amp;older…</source>
        <translation>添加文件夹(&amp;O)…</translation>
    </message>
    <message>
        <source>Re&amp;name</source>
        <translation>重命名(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>Nothing added: %1</source>
        <translation>未添加任何内容：%1</translation>
    </message>
    <message>
        <source>Nothing added: %1 is written when saving</source>
        <translation>未添加任何内容：%1 在保存时写入</translation>
    </message>
    <message>
        <source>Add File</source>
        <translation>添加文件</translation>
    </message>
    <message numerus="yes">
        <source>Add %n Files</source>
        <translation>
            <numerusform>添加 %n 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Added %n file(s) under %1</source>
        <translation>
            <numerusform>已在 %1 下添加 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n Files</source>
        <translation>
            <numerusform>移除 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Add Files to %1</source>
        <translation>向 %1 添加文件</translation>
    </message>
    <message>
        <source>Add Folder to %1</source>
        <translation>向 %1 添加文件夹</translation>
    </message>
    <message>
        <source>Drop to add under %1</source>
        <translation>拖放以添加到 %1 下</translation>
    </message>
    <message>
        <source>The selected files are not in the saved carton yet: save first.</source>
        <translation>所选文件尚未在已保存的 carton 中：请先保存。</translation>
    </message>
</context>
<context>
    <name>studio::GraphBodyBar</name>
    <message>
        <source>Main graph</source>
        <translation>主图</translation>
    </message>
</context>
<context>
    <name>studio::GraphMinimap</name>
    <message>
        <source>Overview: click or drag to move the view</source>
        <translation>概览：点击或拖动以移动视图</translation>
    </message>
</context>
<context>
    <name>studio::GraphProperties</name>
    <message>
        <source>Body</source>
        <translation>子图</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>图</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Select a node to see its properties.</source>
        <translation>选择一个节点以查看其属性。</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>域</translation>
    </message>
    <message>
        <source>%1, opset %2</source>
        <translation>%1，opset %2</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message numerus="yes">
        <source>graph (%n node(s))</source>
        <translation>
            <numerusform>图（%n 个节点）</numerusform>
        </translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Graph input</source>
        <translation>图输入</translation>
    </message>
    <message>
        <source>Graph output</source>
        <translation>图输出</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>作用域</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>Expand</source>
        <translation>展开</translation>
    </message>
</context>
<context>
    <name>studio::GraphToolBar</name>
    <message>
        <source>View</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>How the graph is laid out and labelled</source>
        <translation>图的布局与标注方式</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Zoom to Selection</source>
        <translation>缩放到所选</translation>
    </message>
    <message>
        <source>Left to Right</source>
        <translation>从左到右</translation>
    </message>
    <message>
        <source>Show Weights as Nodes</source>
        <translation>将权重显示为节点</translation>
    </message>
    <message>
        <source>Shapes on Edges</source>
        <translation>边上的形状</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>导出 PNG…</translation>
    </message>
    <message>
        <source>Export SVG…</source>
        <translation>导出 SVG…</translation>
    </message>
    <message>
        <source>Find node, op or tensor (Enter: next)</source>
        <translation>查找节点、算子或张量（Enter：下一个）</translation>
    </message>
    <message>
        <source>Show the whole graph (Ctrl+0)</source>
        <translation>显示整个图 (Ctrl+0)</translation>
    </message>
    <message>
        <source>Zoom to the selected node (Ctrl+Shift+0)</source>
        <translation>缩放到所选节点 (Ctrl+Shift+0)</translation>
    </message>
    <message>
        <source>Lay the graph out from left to right instead of top down</source>
        <translation>将图从左到右排列，而不是从上到下</translation>
    </message>
    <message>
        <source>Draw constants and weights as nodes of their own instead of inside the nodes that use them</source>
        <translation>将常量和权重绘制为独立节点，而不是画在使用它们的节点内</translation>
    </message>
    <message>
        <source>Label each edge with its tensor's type and shape, where the file says them</source>
        <translation>在文件给出时，用张量的类型和形状标注每条边</translation>
    </message>
</context>
<context>
    <name>studio::HeatmapData</name>
    <message>
        <source>The slice does not fit the tensor.</source>
        <translation>切片与张量不匹配。</translation>
    </message>
</context>
<context>
    <name>studio::HeatmapView</name>
    <message>
        <source>row %1, column %2: %3</source>
        <translation>第 %1 行，第 %2 列：%3</translation>
    </message>
    <message>
        <source>rows %1–%2, columns %3–%4</source>
        <translation>第 %1–%2 行，第 %3–%4 列</translation>
    </message>
    <message>
        <source>: min %1, max %2</source>
        <translation>：最小 %1，最大 %2</translation>
    </message>
    <message>
        <source> (and %1)</source>
        <translation>（以及 %1）</translation>
    </message>
    <message>
        <source>log</source>
        <translation>对数</translation>
    </message>
    <message>
        <source>linear</source>
        <translation>线性</translation>
    </message>
    <message>
        <source>%1×%2 bins</source>
        <translation>%1×%2 个分箱</translation>
    </message>
    <message>
        <source>all %1</source>
        <translation>全部 %1</translation>
    </message>
</context>
<context>
    <name>studio::HistogramWidget</name>
    <message>
        <source>max count %1</source>
        <translation>最大计数 %1</translation>
    </message>
    <message>
        <source>[%1, %2%3: %4</source>
        <translation>[%1, %2%3：%4</translation>
    </message>
    <message>
        <source>log10(1 + count), max count %1</source>
        <translation>log10(1 + 计数)，最大计数 %1</translation>
    </message>
</context>
<context>
    <name>studio::ImageControls</name>
    <message>
        <source>Auto (0–1 or min … max)</source>
        <translation>自动（0–1 或 最小 … 最大）</translation>
    </message>
    <message>
        <source>1–99 percentile</source>
        <translation>第 1–99 百分位</translation>
    </message>
    <message>
        <source>Type range (0–1, uint8 0–255)</source>
        <translation>类型范围（0–1，uint8 0–255）</translation>
    </message>
    <message>
        <source>Manual</source>
        <translation>手动</translation>
    </message>
    <message>
        <source>Per channel</source>
        <translation>按通道</translation>
    </message>
    <message>
        <source>Normalise each channel on its own range (otherwise one range for all channels)</source>
        <translation>每个通道按其自身范围归一化（否则所有通道使用同一范围）</translation>
    </message>
    <message>
        <source>Grey</source>
        <translation>灰度</translation>
    </message>
    <message>
        <source>Viridis</source>
        <translation>Viridis</translation>
    </message>
    <message>
        <source>Diverging (signed)</source>
        <translation>发散（有符号）</translation>
    </message>
    <message>
        <source>Range:</source>
        <translation>范围：</translation>
    </message>
    <message>
        <source>Colormap:</source>
        <translation>色图：</translation>
    </message>
    <message>
        <source>%1 … %2</source>
        <translation>%1 … %2</translation>
    </message>
    <message>
        <source>range %1, per channel</source>
        <translation>范围 %1，按通道</translation>
    </message>
    <message>
        <source>range %1, global</source>
        <translation>范围 %1，全局</translation>
    </message>
</context>
<context>
    <name>studio::ImageDecoder</name>
    <message>
        <source>not an image format this application can read</source>
        <translation>不是本应用可以读取的图像格式</translation>
    </message>
    <message>
        <source>image too large (%1 × %2 pixels)</source>
        <translation>图像过大（%1 × %2 像素）</translation>
    </message>
</context>
<context>
    <name>studio::ImageView</name>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Scale large images down to the view</source>
        <translation>将大图缩小到视图大小</translation>
    </message>
    <message>
        <source>100 %</source>
        <translation>100 %</translation>
    </message>
    <message>
        <source>One image pixel per screen pixel</source>
        <translation>每个图像像素对应一个屏幕像素</translation>
    </message>
    <message>
        <source>shown at %1 %</source>
        <translation>以 %1 % 显示</translation>
    </message>
</context>
<context>
    <name>studio::ImportHfDialog</name>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Link the weights (LINKS entries to the Hub) instead of downloading them</source>
        <translation>链接权重（指向 Hub 的 LINKS 条目），不下载(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>导入(&amp;I)</translation>
    </message>
    <message>
        <source>Import from Hugging Face</source>
        <translation>从 Hugging Face 导入</translation>
    </message>
    <message>
        <source>&amp;Repository:</source>
        <translation>仓库(&amp;R):</translation>
    </message>
    <message>
        <source>Re&amp;vision:</source>
        <translation>修订(&amp;V):</translation>
    </message>
    <message>
        <source>&amp;Endpoint:</source>
        <translation>端点(&amp;E):</translation>
    </message>
    <message>
        <source>&amp;Save as:</source>
        <translation>另存为(&amp;S):</translation>
    </message>
    <message>
        <source>Cartons (*.carton)</source>
        <translation>Carton 文件 (*.carton)</translation>
    </message>
    <message>
        <source>The endpoint must be an http(s) address, not "%1".</source>
        <translation>端点必须是 http(s) 地址，而不是 "%1"。</translation>
    </message>
    <message>
        <source>Importing %1@%2…</source>
        <translation>正在导入 %1@%2…</translation>
    </message>
    <message>
        <source>Imported into %1.</source>
        <translation>已导入到 %1。</translation>
    </message>
    <message>
        <source>Import cancelled; the files downloaded so far are kept for the next import.</source>
        <translation>导入已取消；已下载的文件会保留，供下次导入使用。</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>预览(&amp;P)</translation>
    </message>
    <message>
        <source>Preview lists the repository's files, the architecture, the license and the parameters of each weights file, read before anything large is downloaded.</source>
        <translation>预览会列出仓库的文件、架构、许可证以及每个权重文件的参数，在下载任何大文件之前读取。</translation>
    </message>
    <message>
        <source>Reading %1@%2…</source>
        <translation>正在读取 %1@%2…</translation>
    </message>
    <message>
        <source>(commit %1)</source>
        <translation>（提交 %1）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 layers</source>
        <translation>%1 层</translation>
    </message>
    <message>
        <source>hidden size %1</source>
        <translation>隐藏层大小 %1</translation>
    </message>
    <message>
        <source>%1 attention heads</source>
        <translation>%1 个注意力头</translation>
    </message>
    <message>
        <source>vocabulary %1</source>
        <translation>词表 %1</translation>
    </message>
    <message>
        <source>context %1</source>
        <translation>上下文 %1</translation>
    </message>
    <message>
        <source>Architecture (config.json): %1</source>
        <translation>架构（config.json）：%1</translation>
    </message>
    <message>
        <source>The model card names no license.</source>
        <translation>模型卡未注明许可证。</translation>
    </message>
    <message>
        <source>License (model card): %1</source>
        <translation>许可证（模型卡）：%1</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Taken as</source>
        <translation>方式</translation>
    </message>
    <message>
        <source>Tensors</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Types</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>link</source>
        <translation>链接</translation>
    </message>
    <message>
        <source>download</source>
        <translation>下载</translation>
    </message>
    <message>
        <source>Files to download: %1 (%2). Files to link: %3 (%4).</source>
        <translation>待下载文件：%1（%2）。待链接文件：%3（%4）。</translation>
    </message>
    <message>
        <source>Parameters: %1.</source>
        <translation>参数：%1。</translation>
    </message>
    <message>
        <source>%1 read for this preview; nothing has been downloaded yet.</source>
        <translation>此预览读取了 %1；尚未下载任何内容。</translation>
    </message>
    <message>
        <source>%1: the server ignored the Range requests and sent the whole file; %2 of its %3 were read, then the transfers were stopped.</source>
        <translation>%1：服务器忽略了 Range 请求并发送了整个文件；读取了 %3 中的 %2 后停止了传输。</translation>
    </message>
</context>
<context>
    <name>studio::KeepToleranceButton</name>
    <message>
        <source>Keep as Tolerance</source>
        <translation>保存为容差</translation>
    </message>
    <message>
        <source>Write the smallest tolerance that passes, rounded up, into the carton's [self_test.tolerance]</source>
        <translation>将能通过的最小容差（向上取整）写入 carton 的 [self_test.tolerance]</translation>
    </message>
    <message>
        <source>For This Output</source>
        <translation>用于此输出</translation>
    </message>
    <message>
        <source>For the Whole Self-test</source>
        <translation>用于整个自检</translation>
    </message>
    <message>
        <source>For Output “%1”: atol %2, rtol %3</source>
        <translation>用于输出“%1”：atol %2，rtol %3</translation>
    </message>
    <message>
        <source>For the Whole Self-test: atol %1, rtol %2</source>
        <translation>用于整个自检：atol %1，rtol %2</translation>
    </message>
    <message>
        <source>Keep Tolerance for %1</source>
        <translation>为 %1 保存容差</translation>
    </message>
    <message>
        <source>Keep Tolerance for %1 / %2</source>
        <translation>为 %1 / %2 保存容差</translation>
    </message>
</context>
<context>
    <name>studio::LatencyHistogram</name>
    <message numerus="yes">
        <source>%n inference(s) in the fullest bin</source>
        <translation>
            <numerusform>最满的区间中有 %n 次推理</numerusform>
        </translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>&gt; %1</source>
        <translation>&gt; %1</translation>
    </message>
    <message numerus="yes">
        <source>%n slower, up to %1 (right bar)</source>
        <translation>
            <numerusform>%n 次更慢，最多 %1（右侧柱）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::LatestJob</name>
    <message>
        <source>Out of memory (std::bad_alloc).</source>
        <translation>内存不足 (std::bad_alloc)。</translation>
    </message>
    <message>
        <source>Unexpected failure: %1</source>
        <translation>意外失败：%1</translation>
    </message>
    <message>
        <source>Unexpected failure (an unknown exception).</source>
        <translation>意外失败（未知异常）。</translation>
    </message>
</context>
<context>
    <name>studio::LicenseEdit</name>
    <message>
        <source>%1 is deprecated</source>
        <translation>%1 已弃用</translation>
    </message>
</context>
<context>
    <name>studio::MainWindow</name>
    <message>
        <source>Show the Diagnostics panel</source>
        <translation>显示“诊断”面板</translation>
    </message>
    <message>
        <source>Nothing to show for %1</source>
        <translation>%1 没有可显示的内容</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation>打开文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Open &amp;Sample Carton</source>
        <translation>打开示例 Carton(&amp;M)</translation>
    </message>
    <message>
        <source>Compare &amp;With…</source>
        <translation>比较(&amp;W)…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>Copy Model &amp;Hash</source>
        <translation>复制模型哈希(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Next Tab</source>
        <translation>下一个标签页(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Tab</source>
        <translation>上一个标签页(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Carton</source>
        <translation>Carton(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Verify Again</source>
        <translation>重新校验(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Run Self-tests</source>
        <translation>运行自检(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Carton Studio</source>
        <translation>关于 Carton Studio(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Runners…</source>
        <translation>运行器(&amp;R)…</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>Clear Recent</source>
        <translation>清除最近记录</translation>
    </message>
    <message>
        <source>Open Carton</source>
        <translation>打开 Carton</translation>
    </message>
    <message>
        <source>Cartons and tensor files (*.carton *.safetensors *.npy);;Cartons (*.carton);;Tensor files (*.safetensors *.npy);;All files (*)</source>
        <translation>Carton 与张量文件 (*.carton *.safetensors *.npy);;Carton 文件 (*.carton);;张量文件 (*.safetensors *.npy);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open Carton Folder</source>
        <translation>打开 Carton 文件夹</translation>
    </message>
    <message>
        <source>The new language applies the next time Carton Studio starts.</source>
        <translation>新语言将在下次启动 Carton Studio 时生效。</translation>
    </message>
    <message>
        <source>Model hash copied</source>
        <translation>已复制模型哈希</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>No carton open.</source>
        <translation>没有打开的 carton。</translation>
    </message>
    <message>
        <source>Opening…</source>
        <translation>正在打开…</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>Verifying…</source>
        <translation>正在校验…</translation>
    </message>
    <message>
        <source>No problems found.</source>
        <translation>未发现问题。</translation>
    </message>
    <message>
        <source>1 error</source>
        <translation>1 个错误</translation>
    </message>
    <message>
        <source>%1 errors</source>
        <translation>%1 个错误</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 个警告</translation>
    </message>
    <message>
        <source>%1 warnings</source>
        <translation>%1 个警告</translation>
    </message>
    <message>
        <source>1 info</source>
        <translation>1 条信息</translation>
    </message>
    <message>
        <source>%1 infos</source>
        <translation>%1 条信息</translation>
    </message>
    <message>
        <source>Nothing to check in this tab.</source>
        <translation>此标签页中没有可检查的内容。</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
<message>
        <source>No format problems, but: %1.</source>
        <translation>没有格式问题，但是：%1。</translation>
    </message>
    <message>
        <source>Import from &amp;Hugging Face…</source>
        <translation>从 Hugging Face 导入(&amp;H)…</translation>
    </message>
</context>
<context>
    <name>studio::MediaPreview</name>
    <message>
        <source>the player did not load it within %1 s</source>
        <translation>播放器未能在 %1 秒内加载它</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Mute</source>
        <translation>静音</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>音量</translation>
    </message>
    <message>
        <source>No audio output device</source>
        <translation>没有音频输出设备</translation>
    </message>
    <message>
        <source>the player cannot decode it</source>
        <translation>播放器无法解码它</translation>
    </message>
    <message>
        <source>%1 (%2 by its first bytes)</source>
        <translation>%1（按其开头字节判断为 %2）</translation>
    </message>
    <message>
        <source>No audio or video selected.</source>
        <translation>未选择音频或视频。</translation>
    </message>
    <message>
        <source>it is not audio or video</source>
        <translation>它不是音频或视频</translation>
    </message>
    <message>
        <source>its name says %1 but its content is %2, not audio or video</source>
        <translation>其名称表明是 %1，但内容是 %2，不是音频或视频</translation>
    </message>
    <message>
        <source>Copying %1 out of the carton to play it…</source>
        <translation>正在从 carton 中复制 %1 以便播放…</translation>
    </message>
    <message>
        <source>Copying %1 out of the carton to play it… %2 %</source>
        <translation>正在从 carton 中复制 %1 以便播放… %2 %</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>%1 cannot be played: %2.</source>
        <translation>%1 无法播放：%2。</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>streamed from the carton</source>
        <translation>直接从 carton 流式播放</translation>
    </message>
    <message>
        <source>played from a temporary copy</source>
        <translation>从临时副本播放</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
</context>
<context>
    <name>studio::MetadataEditor</name>
    <message>
        <source>Edit Model Name</source>
        <translation>编辑模型名称</translation>
    </message>
    <message>
        <source>Edit Short Description</source>
        <translation>编辑简短描述</translation>
    </message>
    <message>
        <source>Edit License</source>
        <translation>编辑许可证</translation>
    </message>
    <message>
        <source>Edit Repository</source>
        <translation>编辑仓库</translation>
    </message>
    <message>
        <source>Edit Homepage</source>
        <translation>编辑主页</translation>
    </message>
    <message>
        <source>Insert Image…</source>
        <translation>插入图像…</translation>
    </message>
    <message>
        <source>A name people recognise, e.g. “ResNet-50 image classifier”</source>
        <translation>一个易于识别的名称，例如“ResNet-50 图像分类器”</translation>
    </message>
    <message>
        <source>One line: what the model does (at most %1 characters)</source>
        <translation>一行：模型的用途（最多 %1 个字符）</translation>
    </message>
    <message>
        <source>Characters used; upstream Carton refuses to pack more than %1.</source>
        <translation>已用字符数；上游 Carton 拒绝打包超过 %1 个字符的内容。</translation>
    </message>
    <message>
        <source>SPDX license, e.g. Apache-2.0 or MIT OR Apache-2.0</source>
        <translation>SPDX 许可证，例如 Apache-2.0 或 MIT OR Apache-2.0</translation>
    </message>
    <message>
        <source>https://github.com/owner/model</source>
        <translation>https://github.com/owner/model</translation>
    </message>
    <message>
        <source>https://example.org/model</source>
        <translation>https://example.org/model</translation>
    </message>
    <message>
        <source>Describe the model in Markdown: what it does, its inputs and outputs, how it was trained. Images: ![caption](@misc/figure.png) — use Insert Image… to add one from disk.</source>
        <translation>用 Markdown 描述模型：它的用途、输入与输出、训练方式。图像：![说明](@misc/figure.png) — 使用“插入图像…”从磁盘添加。</translation>
    </message>
    <message>
        <source>Add an image file to misc/ and show it in the description at the cursor</source>
        <translation>将图像文件添加到 misc/ 并在描述中的光标处显示</translation>
    </message>
    <message>
        <source>Model &amp;name:</source>
        <translation>模型名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Short description:</source>
        <translation>简短描述(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;License:</source>
        <translation>许可证(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Repository:</source>
        <translation>仓库(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Homepage:</source>
        <translation>主页(&amp;H)：</translation>
    </message>
    <message>
        <source>Required &amp;platforms:</source>
        <translation>所需平台(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Description (Markdown):</source>
        <translation>描述（Markdown）(&amp;D)：</translation>
    </message>
    <message>
        <source>Edit Required Platforms</source>
        <translation>编辑所需平台</translation>
    </message>
    <message>
        <source>Edit Description</source>
        <translation>编辑描述</translation>
    </message>
    <message>
        <source>The rendered description shows here.</source>
        <translation>渲染后的描述显示在此处。</translation>
    </message>
    <message>
        <source>%1 is not a readable file</source>
        <translation>%1 不是可读取的文件</translation>
    </message>
    <message>
        <source>%1 is not an image this application can show (%2)</source>
        <translation>%1 不是本应用可以显示的图像（%2）</translation>
    </message>
    <message>
        <source>Insert Image %1</source>
        <translation>插入图像 %1</translation>
    </message>
    <message>
        <source>Insert Image</source>
        <translation>插入图像</translation>
    </message>
    <message>
        <source>Images (*.png *.jpg *.jpeg *.gif *.webp *.svg *.bmp);;All files (*)</source>
        <translation>图像 (*.png *.jpg *.jpeg *.gif *.webp *.svg *.bmp);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 is larger than the %2 an image may have</source>
        <translation>%1 超过了图像允许的 %2</translation>
    </message>
</context>
<context>
    <name>studio::ModelFilePage</name>
    <message>
        <source>New Carton from This Model</source>
        <translation>用此模型新建 Carton</translation>
    </message>
    <message>
        <source>Start a new carton with this file under model/</source>
        <translation>新建一个 carton，将此文件放在 model/ 下</translation>
    </message>
    <message>
        <source>Model file %1</source>
        <translation>模型文件 %1</translation>
    </message>
<message>
        <source>Compare With…</source>
        <translation>与…比较</translation>
    </message>
    <message>
        <source>Review what changed between this model and another model file or carton</source>
        <translation>查看此模型与另一个模型文件或 carton 之间的变化</translation>
    </message>
    <message>
        <source>Model folder %1</source>
        <translation>模型文件夹 %1</translation>
    </message>
    <message>
        <source>Signature:</source>
        <translation>签名：</translation>
    </message>
</context>
<context>
    <name>studio::ModelGraphView</name>
    <message>
        <source>Reading the graph from the archive's code…</source>
        <translation>正在从归档的代码读取图…</translation>
    </message>
    <message>
        <source>forward, read from the archive's code (nothing was run)</source>
        <translation>forward，从归档的代码读取（未运行任何内容）</translation>
    </message>
    <message>
        <source>No graph: %1 ("Inspect with torchscript…" loads the model in the sandbox instead)</source>
        <translation>无图：%1（“用 torchscript 检查…”会改为在沙箱中加载模型）</translation>
    </message>
    <message numerus="yes">
        <source>Preparing %n node(s)…</source>
        <translation>
            <numerusform>正在准备 %n 个节点…</numerusform>
        </translation>
    </message>
    <message>
        <source>No graph: this file format has none that can be shown.</source>
        <translation>无计算图：此文件格式没有可显示的计算图。</translation>
    </message>
    <message>
        <source>Select a model file to see its graph.</source>
        <translation>选择一个模型文件以查看其计算图。</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Laying out %n node(s)…</source>
        <translation>
            <numerusform>正在布局 %n 个节点…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配</numerusform>
        </translation>
    </message>
    <message>
        <source>Model graph</source>
        <translation>模型计算图</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>已导出到 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n scope(s) collapsed: double-click one to open it</source>
        <translation>
            <numerusform>已折叠 %n 个作用域：双击即可展开</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n constant(s) shown inside their nodes</source>
        <translation>
            <numerusform>%n 个常量显示在其节点内</numerusform>
        </translation>
    </message>
<message>
        <source>Find node, op or tensor (Enter: next)</source>
        <translation>查找节点、算子或张量（Enter：下一个）</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>导出 PNG…</translation>
    </message>
    <message>
        <source>Export SVG…</source>
        <translation>导出 SVG…</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Graph input</source>
        <translation>计算图输入</translation>
    </message>
    <message>
        <source>Graph output</source>
        <translation>计算图输出</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>域</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>作用域</translation>
    </message>
    <message>
        <source>Expand</source>
        <translation>展开</translation>
    </message>
    <message>
        <source>Could not export: %1</source>
        <translation>无法导出：%1</translation>
    </message>
    </context>
<context>
    <name>studio::ModelPage</name>
    <message>
        <source>This file holds weights only: it has no graph.</source>
        <translation>此文件只包含权重：没有图。</translation>
    </message>
    <message>
        <source>forward, as the torchscript runner loaded it in the sandbox (inspection)</source>
        <translation>forward，由 torchscript 运行器在沙箱中加载所得（检查）</translation>
    </message>
    <message>
        <source>Filter weights (Ctrl+F)</source>
        <translation>筛选权重 (Ctrl+F)</translation>
    </message>
    <message>
        <source>Select a weight to see its values.</source>
        <translation>选择一个权重以查看其数值。</translation>
    </message>
    <message>
        <source>Model files are read when this page is shown.</source>
        <translation>显示此页面时读取模型文件。</translation>
    </message>
    <message>
        <source>Reading model files…</source>
        <translation>正在读取模型文件…</translation>
    </message>
    <message>
        <source>Not a model file that can be read: %1</source>
        <translation>不是可读取的模型文件：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n model file(s)</source>
        <translation>
            <numerusform>%n 个模型文件</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 parameters (%2)</source>
        <translation>%1 个参数（%2）</translation>
    </message>
    <message numerus="yes">
        <source>%n could not be read</source>
        <translation>
            <numerusform>%n 个无法读取</numerusform>
        </translation>
    </message>
    <message>
        <source>Values</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>计算图</translation>
    </message>
    <message>
        <source>Inspect with torchscript…</source>
        <translation>用 torchscript 检查…</translation>
    </message>
    <message>
        <source>Load model/model.pt in the torchscript runner, in the sandbox, without running it, and show forward's signature and ops</source>
        <translation>在沙箱中的 torchscript 运行器里加载 model/model.pt（不运行它），并显示 forward 的签名和算子</translation>
    </message>
    <message>
        <source>Inspecting the model in the torchscript runner…</source>
        <translation>正在 torchscript 运行器中检查模型…</translation>
    </message>
    <message>
        <source>Inspection failed</source>
        <translation>检查失败</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>%1 is a plain Python pickle (protocol %2), not a PyTorch file</source>
        <translation>%1 是普通的 Python pickle（协议 %2），不是 PyTorch 文件</translation>
    </message>
    <message>
        <source>No model weights to show: %1. torch.save and torch.jit.save write zip archives (or, before PyTorch 1.6, a pickle that starts with torch.save's magic number), which are read here; a plain pickle holds Python objects, and reading those would mean running the pickle, which is never done.</source>
        <translation>没有可显示的模型权重：%1。torch.save 和 torch.jit.save 写入 zip 归档（PyTorch 1.6 之前是以 torch.save 魔数开头的 pickle），这些可以在此读取；普通 pickle 保存的是 Python 对象，读取它们意味着运行该 pickle，这绝不会发生。</translation>
    </message>
    <message>
        <source>No model file found under model/ (files are recognised by their content: ONNX, GGUF, safetensors, PyTorch).</source>
        <translation>在 model/ 下未找到模型文件（按内容识别文件：ONNX、GGUF、safetensors、PyTorch）。</translation>
    </message>
<message>
        <source>No model file found under model/ (files are recognised by their content: ONNX, GGUF, safetensors).</source>
        <translation>model/ 下未找到模型文件（按内容识别文件：ONNX、GGUF、safetensors）。</translation>
    </message>
    <message>
        <source>Load %1 in the torchscript runner, in the sandbox, without running it, and show forward's signature and ops</source>
        <translation>在沙箱中的 torchscript 运行器里加载 %1（不运行它），并显示 forward 的签名和算子</translation>
    </message>
    </context>
<context>
    <name>studio::ModelSummary</name>
    <message>
        <source>%1 values cannot be decoded here</source>
        <translation>此处无法解码 %1 数值</translation>
    </message>
    <message>
        <source>Cannot show values: %1</source>
        <translation>无法显示数值：%1</translation>
    </message>
    <message>
        <source>This %1 file could not be read: %2</source>
        <translation>无法读取此 %1 文件：%2</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2) in %n weight(s)</source>
        <translation>
            <numerusform>%1（%2），共 %n 个权重</numerusform>
        </translation>
    </message>
    <message>
        <source>Producer</source>
        <translation>生成工具</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>未提供</translation>
    </message>
    <message>
        <source>Opsets</source>
        <translation>算子集</translation>
    </message>
    <message>
        <source>IR version</source>
        <translation>IR 版本</translation>
    </message>
    <message>
        <source>Model version</source>
        <translation>模型版本</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>计算图</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>算子</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>GGUF version</source>
        <translation>GGUF 版本</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Metadata</source>
        <translation>元数据</translation>
    </message>
    <message>
        <source>%1 — read by the runner in its sandbox</source>
        <translation>%1 — 由运行器在其沙箱中读取</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>签名</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>TorchScript archive (torch.jit.save)</source>
        <translation>TorchScript 归档（torch.jit.save）</translation>
    </message>
    <message>
        <source>torch.save checkpoint (legacy format)</source>
        <translation>torch.save 检查点（旧格式）</translation>
    </message>
    <message>
        <source>torch.save checkpoint</source>
        <translation>torch.save 检查点</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Pickle protocol</source>
        <translation>Pickle 协议</translation>
    </message>
    <message>
        <source>%1 (read without unpickling: nothing in it runs)</source>
        <translation>%1（未经反序列化读取：其中的内容不会运行）</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Not evaluated</source>
        <translation>未求值</translation>
    </message>
    <message>
        <source>carton.toml</source>
        <translation>carton.toml</translation>
    </message>
    <message>
        <source>nothing in [[input]] or [[output]] contradicts forward</source>
        <translation>[[input]] 和 [[output]] 中没有与 forward 矛盾之处</translation>
    </message>
    <message>
        <source>carton.toml against %1</source>
        <translation>carton.toml 与 %1 对比</translation>
    </message>
    <message>
        <source>[[input]] and [[output]] agree with the model's signature.</source>
        <translation>[[input]] 和 [[output]] 与模型的签名一致。</translation>
    </message>
    <message>
        <source>%1 in carton.toml, %2 in the model</source>
        <translation>carton.toml 中为 %1，模型中为 %2</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Use the model's signature</source>
        <translation>使用模型的签名</translation>
    </message>
    <message>
        <source>[[input]] and [[output]] from the model, as Fill from Model in edit mode</source>
        <translation>从模型获取 [[input]] 和 [[output]]，如编辑模式中的“从模型填充”</translation>
    </message>
</context>
<context>
    <name>studio::ModelWeightsModel</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
</context>
<context>
    <name>studio::OpenRegistryDialog</name>
    <message>
        <source>Open from Registry</source>
        <translation>从镜像仓库打开</translation>
    </message>
    <message>
        <source>&amp;Repository in an OCI registry (host[:port]/repository):</source>
        <translation>OCI 镜像仓库中的存储库(&amp;R)（host[:port]/repository）：</translation>
    </message>
    <message>
        <source>&amp;List Tags</source>
        <translation>列出标签(&amp;L)</translation>
    </message>
    <message>
        <source>Tags:</source>
        <translation>标签：</translation>
    </message>
    <message>
        <source>Asking %1 for its tags…</source>
        <translation>正在向 %1 查询标签…</translation>
    </message>
    <message>
        <source>%1 has no tags.</source>
        <translation>%1 没有标签。</translation>
    </message>
    <message numerus="yes">
        <source>%n tag(s) in %1.</source>
        <translation>
            <numerusform>%1 中有 %n 个标签。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::OpenUrlDialog</name>
    <message>
        <source>Open URL</source>
        <translation>打开 URL</translation>
    </message>
    <message>
        <source>&amp;URL of a .carton on an http(s) server, or oci://host/repository:tag of one in a registry:</source>
        <translation>http(s) 服务器上 .carton 的 URL，或镜像仓库中 .carton 的 oci://host/repository:tag(&amp;U)：</translation>
    </message>
    <message>
        <source>Only http:// and https:// URLs with a host and oci:// registry references can be opened.</source>
        <translation>只能打开带主机名的 http:// 和 https:// URL 以及 oci:// 镜像仓库引用。</translation>
    </message>
</context>
<context>
    <name>studio::OutputResultsModel</name>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>expected, but the model did not return it</source>
        <translation>期望存在，但模型没有返回</translation>
    </message>
    <message>
        <source>unexpected</source>
        <translation>意外</translation>
    </message>
    <message>
        <source>returned by the model, not in expected_out</source>
        <translation>由模型返回，但不在 expected_out 中</translation>
    </message>
    <message>
        <source>spec mismatch</source>
        <translation>规格不符</translation>
    </message>
    <message>
        <source>no sample</source>
        <translation>无样本</translation>
    </message>
    <message>
        <source>sample %1</source>
        <translation>样本 %1</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>expected: %1 %2</source>
        <translation>期望：%1 %2</translation>
    </message>
    <message>
        <source>actual: %1 %2</source>
        <translation>实际：%1 %2</translation>
    </message>
    <message>
        <source>The smallest atol (with the rtol applied) that makes every element pass</source>
        <translation>使每个元素都通过的最小 atol（已应用 rtol）</translation>
    </message>
    <message>
        <source>The smallest rtol (with the atol applied) that makes every element pass</source>
        <translation>使每个元素都通过的最小 rtol（已应用 atol）</translation>
    </message>
    <message>
        <source>NaN and infinities in expected / actual</source>
        <translation>期望值 / 实际值中的 NaN 与无穷大</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Mismatches</source>
        <translation>不匹配数</translation>
    </message>
    <message>
        <source>Max abs</source>
        <translation>最大绝对</translation>
    </message>
    <message>
        <source>Mean abs</source>
        <translation>平均绝对</translation>
    </message>
    <message>
        <source>p99 abs</source>
        <translation>p99 绝对</translation>
    </message>
    <message>
        <source>Max rel</source>
        <translation>最大相对</translation>
    </message>
    <message>
        <source>Min atol</source>
        <translation>最小 atol</translation>
    </message>
    <message>
        <source>Min rtol</source>
        <translation>最小 rtol</translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation>容差</translation>
    </message>
    <message>
        <source>%1 of %2 (%3)</source>
        <translation>%2 个中 %1 个（%3）</translation>
    </message>
    <message>
        <source>NaN/Inf</source>
        <translation>NaN/Inf</translation>
    </message>
<message>
        <source>%1 of %2 (%3%)</source>
        <translation>%2 个中的 %1 个（%3%）</translation>
    </message>
    <message>
        <source>NaN/Inf (exp / act)</source>
        <translation>NaN/Inf（期望 / 实际）</translation>
    </message>
</context>
<context>
    <name>studio::OverviewPage</name>
    <message>
        <source>Spec version:</source>
        <translation>规范版本：</translation>
    </message>
    <message>
        <source>(no MANIFEST)</source>
        <translation>（无 MANIFEST）</translation>
    </message>
    <message>
        <source>Copy the model hash</source>
        <translation>复制模型哈希</translation>
    </message>
    <message>
        <source>Model hash:</source>
        <translation>模型哈希：</translation>
    </message>
    <message>
        <source>State:</source>
        <translation>状态：</translation>
    </message>
    <message>
        <source>Opening…</source>
        <translation>正在打开…</translation>
    </message>
    <message>
        <source>Signature:</source>
        <translation>签名：</translation>
    </message>
    <message>
        <source>%1 (%2 listed in MANIFEST, and MANIFEST/LINKS themselves)</source>
        <translation>%1（MANIFEST 中列出 %2 个，另加 MANIFEST/LINKS 本身）</translation>
    </message>
    <message>
        <source>Files:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>大小：</translation>
    </message>
    <message>
        <source>%1 (%2 packed)</source>
        <translation>%1（打包后 %2）</translation>
    </message>
    <message>
        <source>Path:</source>
        <translation>路径：</translation>
    </message>
    <message>
        <source>Load Them</source>
        <translation>加载</translation>
    </message>
    <message>
        <source>Fetch the images over https and remember the choice for this model</source>
        <translation>通过 https 获取图像，并记住对此模型的选择</translation>
    </message>
    <message>
        <source>This description has a remote image. Nothing is fetched until you allow it.</source>
        <translation>此描述包含一张远程图像。在您允许之前不会获取任何内容。</translation>
    </message>
    <message>
        <source>This description has %1 remote images. Nothing is fetched until you allow it.</source>
        <translation>此描述包含 %1 张远程图像。在您允许之前不会获取任何内容。</translation>
    </message>
    <message>
        <source>Model hash copied to the clipboard.</source>
        <translation>已将模型哈希复制到剪贴板。</translation>
    </message>
    <message>
        <source>Registry:</source>
        <translation>镜像仓库：</translation>
    </message>
    <message>
        <source>Registry repository:</source>
        <translation>仓库中的存储库：</translation>
    </message>
    <message>
        <source>Digest:</source>
        <translation>摘要：</translation>
    </message>
<message>
        <source>carton.toml could not be read; see the diagnostics.</source>
        <translation>无法读取 carton.toml；请查看诊断信息。</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>License:</source>
        <translation>许可证：</translation>
    </message>
    <message>
        <source>Repository:</source>
        <translation>仓库：</translation>
    </message>
    <message>
        <source>Homepage:</source>
        <translation>主页：</translation>
    </message>
    <message>
        <source>Platforms:</source>
        <translation>平台：</translation>
    </message>
    <message>
        <source>any</source>
        <translation>任意</translation>
    </message>
    <message>
        <source>Runner:</source>
        <translation>运行器：</translation>
    </message>
    <message>
        <source>Framework version:</source>
        <translation>框架版本：</translation>
    </message>
    <message>
        <source>Compat version:</source>
        <translation>兼容版本：</translation>
    </message>
    <message>
        <source>Runner options:</source>
        <translation>运行器选项：</translation>
    </message>
    <message>
        <source>This description has remote images.</source>
        <translation>此描述包含远程图像。</translation>
    </message>
    <message>
        <source>No description.</source>
        <translation>无描述。</translation>
    </message>
    </context>
<context>
    <name>studio::PlatformListEdit</name>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Platforms the model runs on. Double-click or press F2 to edit, Delete to remove.</source>
        <translation>模型可运行的平台。双击或按 F2 编辑，按 Delete 移除。</translation>
    </message>
    <message>
        <source>Add a target triple, e.g. %1</source>
        <translation>添加目标三元组，例如 %1</translation>
    </message>
    <message>
        <source>%1 is in the list already</source>
        <translation>%1 已在列表中</translation>
    </message>
    <message>
        <source>Not a target triple: %1</source>
        <translation>不是目标三元组：%1</translation>
    </message>
</context>
<context>
    <name>studio::PreferencesDialog</name>
    <message>
        <source>Verify every file against MANIFEST when a carton opens</source>
        <translation>打开 carton 时依据 MANIFEST 校验每个文件</translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>System (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <source>zstd (as upstream Carton writes)</source>
        <translation>zstd（与上游 Carton 的写法相同）</translation>
    </message>
    <message>
        <source>Deflate (readable by every zip tool)</source>
        <translation>Deflate（任何 zip 工具均可读取）</translation>
    </message>
    <message>
        <source>Store (no compression, fastest random access)</source>
        <translation>存储（不压缩，随机访问最快）</translation>
    </message>
    <message>
        <source>A new language applies the next time Carton Studio starts.</source>
        <translation>新语言将在下次启动 Carton Studio 时生效。</translation>
    </message>
    <message>
        <source>Used for files a save writes anew; files it copies keep their own.</source>
        <translation>用于保存时新写入的文件；复制的文件保持原有压缩方式。</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Compression:</source>
        <translation>压缩(&amp;C)：</translation>
    </message>
    <message>
        <source>Compression &amp;level:</source>
        <translation>压缩级别(&amp;E)：</translation>
    </message>
    <message>
        <source>Trusted &amp;keys:</source>
        <translation>受信任的密钥(&amp;K)：</translation>
    </message>
<message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>half the memory (no limit of its own)</source>
        <translation>内存的一半（无单独限制）</translation>
    </message>
    <message>
        <source>A sandboxed model writes its temporary files to /tmp, a private space in memory that is gone after the run. A write past this size fails and the report says so (carton selftest --scratch-limit).</source>
        <translation>沙箱中的模型将临时文件写入 /tmp，这是内存中的私有空间，运行结束后即消失。超过此大小的写入会失败，报告中会说明（carton selftest --scratch-limit）。</translation>
    </message>
    <message>
        <source>Sandbox &amp;scratch space:</source>
        <translation>沙箱临时空间(&amp;S)：</translation>
    </message>
</context>
<context>
    <name>studio::ProgressRow</name>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>studio::PushRegistryDialog</name>
    <message>
        <source>&amp;Push</source>
        <translation>推送(&amp;P)</translation>
    </message>
    <message>
        <source>Push %1 to a Registry</source>
        <translation>将 %1 推送到镜像仓库</translation>
    </message>
    <message>
        <source>&amp;Reference in an OCI registry (host[:port]/repository[:tag]):</source>
        <translation>OCI 镜像仓库中的引用(&amp;R)（host[:port]/repository[:tag]）：</translation>
    </message>
    <message>
        <source>Pushing to %1…</source>
        <translation>正在推送到 %1…</translation>
    </message>
    <message>
        <source>Push to Registry</source>
        <translation>推送到镜像仓库</translation>
    </message>
    <message>
        <source>Could not push to %1.</source>
        <translation>无法推送到 %1。</translation>
    </message>
    <message>
        <source>Pushed to %1 as %2.</source>
        <translation>已推送到 %1，摘要为 %2。</translation>
    </message>
    <message>
        <source>Pushed to %1.</source>
        <translation>已推送到 %1。</translation>
    </message>
    <message>
        <source>Manifest digest: %1</source>
        <translation>清单摘要：%1</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Fetch the %n file(s) only reachable through LINKS and push them as layers (else they stay in LINKS)</source>
        <translation>
            <numerusform>获取仅能通过 LINKS 访问的 %n 个文件并作为层推送（否则保留在 LINKS 中）(&amp;F)</numerusform>
        </translation>
    </message>
    <message>
        <source>Push cancelled; nothing was tagged in %1. Pushing again goes on where this push stopped.</source>
        <translation>推送已取消；%1 中未打任何标签。再次推送将从本次停止处继续。</translation>
    </message>
    <message>
        <source>%1 were in the registry already from an interrupted push.</source>
        <translation>%1 已因一次中断的推送而存在于注册表中。</translation>
    </message>
<message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    </context>
<context>
    <name>studio::RecordOutputsDialog</name>
    <message>
        <source>Record Outputs of %1</source>
        <translation>录制 %1 的输出</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>First values</source>
        <translation>前几个值</translation>
    </message>
    <message>
        <source>Replaces expected_out</source>
        <translation>替换 expected_out</translation>
    </message>
    <message>
        <source>&amp;Keep as Expected Outputs</source>
        <translation>保留为预期输出(&amp;K)</translation>
    </message>
    <message>
        <source>no temporary folder for the edited carton: %1</source>
        <translation>没有用于编辑后 carton 的临时文件夹：%1</translation>
    </message>
    <message>
        <source>Writing the carton as edited…</source>
        <translation>正在写入编辑后的 carton…</translation>
    </message>
    <message>
        <source>Not run: the run was cancelled.</source>
        <translation>未运行：运行已取消。</translation>
    </message>
    <message>
        <source>Running the model on the inputs of %1…</source>
        <translation>正在用 %1 的输入运行模型…</translation>
    </message>
    <message>
        <source>the model returned nothing for it</source>
        <translation>模型没有为它返回任何内容</translation>
    </message>
    <message>
        <source>— (new)</source>
        <translation>—（新）</translation>
    </message>
    <message>
        <source>sandboxed (%1)</source>
        <translation>已沙箱隔离（%1）</translation>
    </message>
    <message>
        <source>NOT sandboxed: %1</source>
        <translation>未使用沙箱：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n output(s) recorded by %1, %2. Keep them as the expected outputs of %3?</source>
        <translation>
            <numerusform>已由 %1 录制 %n 个输出，%2。将其保留为 %3 的预期输出吗？</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not record the outputs: %1</source>
        <translation>无法录制输出：%1</translation>
    </message>
    <message>
        <source>nothing was recorded</source>
        <translation>没有录制任何内容</translation>
    </message>
    <message>
        <source>the self-test was removed since it was recorded</source>
        <translation>该自检在录制后已被删除</translation>
    </message>
</context>
<context>
    <name>studio::ReferenceDelegate</name>
    <message>
        <source>tensor name or @misc/FILE</source>
        <translation>张量名称或 @misc/文件</translation>
    </message>
    <message>
        <source>tensor name</source>
        <translation>张量名称</translation>
    </message>
    <message>
        <source>A tensor of tensor_data/ (Import Tensor… adds one)%1; empty removes the reference</source>
        <translation>tensor_data/ 中的一个张量（“导入张量…”可添加）%1；留空则移除引用</translation>
    </message>
    <message>
        <source>, or a file of misc/</source>
        <translation>，或 misc/ 中的一个文件</translation>
    </message>
</context>
<context>
    <name>studio::RegionDevice</name>
    <message>
        <source>a carton entry can only be read</source>
        <translation>carton 条目只能读取</translation>
    </message>
    <message>
        <source>%1 is shorter than the entry it should hold</source>
        <translation>%1 比它应包含的条目短</translation>
    </message>
</context>
<context>
    <name>studio::RegistryActions</name>
    <message>
        <source>Open from Re&amp;gistry…</source>
        <translation>从镜像仓库打开(&amp;G)…</translation>
    </message>
    <message>
        <source>&amp;Push to Registry…</source>
        <translation>推送到镜像仓库(&amp;P)…</translation>
    </message>
</context>
<context>
    <name>studio::RemoteActions</name>
    <message>
        <source>Open &amp;URL…</source>
        <translation>打开 URL(&amp;U)…</translation>
    </message>
    <message>
        <source>Open URL from &amp;Clipboard</source>
        <translation>从剪贴板打开 URL(&amp;P)</translation>
    </message>
    <message>
        <source>The clipboard holds no http(s) URL to open.</source>
        <translation>剪贴板中没有可打开的 http(s) URL。</translation>
    </message>
    <message>
        <source>Save a &amp;Local Copy…</source>
        <translation>保存本地副本(&amp;L)…</translation>
    </message>
    <message>
        <source>Save a Local Copy</source>
        <translation>保存本地副本</translation>
    </message>
    <message>
        <source>Save with &amp;Files Included…</source>
        <translation>保存并包含文件(&amp;I)…</translation>
    </message>
    <message>
        <source>Save with Files Included</source>
        <translation>保存并包含文件</translation>
    </message>
    <message>
        <source>Download %1 into a file on this computer</source>
        <translation>将 %1 下载到本机的文件中</translation>
    </message>
    <message>
        <source>Only for a carton opened from a URL</source>
        <translation>仅适用于从 URL 打开的 carton</translation>
    </message>
    <message>
        <source>Fetch the files listed in LINKS and save a self-contained carton</source>
        <translation>获取 LINKS 中列出的文件并保存为自包含的 carton</translation>
    </message>
    <message>
        <source>Only for a carton with files in LINKS</source>
        <translation>仅适用于在 LINKS 中有文件的 carton</translation>
    </message>
    <message>
        <source>Cartons (*.carton)</source>
        <translation>Carton 文件 (*.carton)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Downloading %1…</source>
        <translation>正在下载 %1…</translation>
    </message>
    <message numerus="yes">
        <source>Fetching %n linked file(s) of %1…</source>
        <translation>
            <numerusform>正在获取 %1 的 %n 个链接文件…</numerusform>
        </translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Cancelled; %1 was not written.</source>
        <translation>已取消；未写入 %1。</translation>
    </message>
    <message>
        <source>Could Not Save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <source>%1 could not be written: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>studio::RemoteConsent</name>
    <message>
        <source>%1 does not support range requests, so the carton cannot be read piece by piece. Download the whole file (%2) to a temporary file to open it?</source>
        <translation>%1 不支持范围请求，因此无法分块读取该 carton。是否将整个文件（%2）下载到临时文件中以打开？</translation>
    </message>
    <message>
        <source>Verifying downloads %1 from %2 (every file once, hashed as it arrives, nothing kept). Verify %3?</source>
        <translation>校验需要从 %2 下载 %1（每个文件一次，边接收边计算哈希，不保留任何内容）。是否校验 %3？</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) of this carton are only listed in LINKS. Fetch them (%1) from %2 to verify them?</source>
        <translation>
            <numerusform>此 carton 有 %n 个文件仅在 LINKS 中列出。是否从 %2 获取它们（%1）以进行校验？</numerusform>
        </translation>
    </message>
    <message>
        <source>Download Carton</source>
        <translation>下载 Carton</translation>
    </message>
    <message>
        <source>Verify Remote Carton</source>
        <translation>校验远程 Carton</translation>
    </message>
    <message>
        <source>Fetch Linked Files</source>
        <translation>获取链接的文件</translation>
    </message>
    <message>
        <source>Remember for this host</source>
        <translation>记住此主机</translation>
    </message>
</context>
<context>
    <name>studio::RunClock</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>Cancelling… %1 in all</source>
        <translation>正在取消… 共 %1</translation>
    </message>
    <message>
        <source>Starting the runner and loading the model… %1 (gives up after %2)</source>
        <translation>正在启动运行器并加载模型… %1（%2 后放弃）</translation>
    </message>
    <message>
        <source>Judging the outputs… %1 in all</source>
        <translation>正在评判输出… 共 %1</translation>
    </message>
    <message>
        <source>Running %1 of %2 · this one %3 of its %4 limit · %5 in all</source>
        <translation>正在运行第 %1 个，共 %2 个 · 本项 %3，上限 %4 · 共 %5</translation>
    </message>
</context>
<context>
    <name>studio::RunConsent</name>
    <message>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2（%3）</translation>
    </message>
    <message>
        <source>you chose to run this carton without the sandbox</source>
        <translation>您选择了在沙箱之外运行此 carton</translation>
    </message>
<message>
        <source>the safety scan has not finished</source>
        <translation>安全扫描尚未完成</translation>
    </message>
    <message numerus="yes">
        <source>it has %n high or critical safety finding(s)</source>
        <translation>
            <numerusform>它有 %n 个高危或严重的安全发现</numerusform>
        </translation>
    </message>
    <message>
        <source>it is signed by an unknown key</source>
        <translation>它由未知密钥签名</translation>
    </message>
    <message>
        <source>its signature is invalid</source>
        <translation>它的签名无效</translation>
    </message>
    <message>
        <source>its signature has not been checked yet</source>
        <translation>它的签名尚未检查</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>not checked: this run uses the edited state of the carton (or a copy of it), and a signature covers a saved carton's MANIFEST only</source>
        <translation>未检查：此次运行使用的是 carton 的编辑状态（或其副本），而签名只覆盖已保存 carton 的 MANIFEST</translation>
    </message>
    <message>
        <source>you chose to run this carton without the sandbox (for this run)</source>
        <translation>您选择在没有沙箱的情况下运行此 carton（仅此次运行）</translation>
    </message>
    <message>
        <source>not checked here: a bare model file has no carton signature (carton verify FILE --signature FILE.sig checks a detached one)</source>
        <translation>此处未检查：单独的模型文件没有 carton 签名（carton verify FILE --signature FILE.sig 可检查分离的签名）</translation>
    </message>
</context>
<context>
    <name>studio::RunConsentDialog</name>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… 以及另外 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <source>Run this carton's code?</source>
        <translation>运行此 carton 的代码？</translation>
    </message>
    <message>
        <source>Don't ask again for this model (its model hash)</source>
        <translation>对此模型不再询问（按其模型哈希）</translation>
    </message>
    <message>
        <source>Run without the sandbox</source>
        <translation>不使用沙箱运行</translation>
    </message>
    <message>
        <source>&lt;b&gt;Without the sandbox the model runs with your full rights:&lt;/b&gt; it can read, change and send away your files, reach the network and leave processes running after the run. Only for cartons you trust.</source>
        <translation>&lt;b&gt;不使用沙箱时，模型以您的全部权限运行：&lt;/b&gt;它可以读取、修改和外传您的文件，访问网络，并在运行结束后留下仍在运行的进程。仅用于您信任的 carton。</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Run Without Sandbox</source>
        <translation>不使用沙箱运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Run in Sandbox</source>
        <translation>在沙箱中运行(&amp;R)</translation>
    </message>
    <message>
        <source>Running the self-tests of &lt;b&gt;%1&lt;/b&gt; runs code that comes with it. This is what will run:</source>
        <translation>运行 &lt;b&gt;%1&lt;/b&gt; 的自测会执行它附带的代码。将运行以下内容：</translation>
    </message>
    <message>
        <source>Runner:</source>
        <translation>运行器：</translation>
    </message>
    <message>
        <source>Sandbox:</source>
        <translation>沙箱：</translation>
    </message>
    <message>
        <source>yes (%1): no network, no view of your files or other processes, writes only to a private scratch folder, nothing survives the run.</source>
        <translation>是（%1）：无网络，看不到您的文件和其他进程，只能写入私有临时文件夹，运行结束后不留下任何东西。</translation>
    </message>
    <message>
        <source>none can be made here.</source>
        <translation>此处无法建立沙箱。</translation>
    </message>
    <message>
        <source>Signature:</source>
        <translation>签名：</translation>
    </message>
    <message>
        <source>Safety scan:</source>
        <translation>安全扫描：</translation>
    </message>
    <message>
        <source>still running…</source>
        <translation>仍在进行…</translation>
    </message>
    <message>
        <source>%1 (Python code)</source>
        <translation>%1（Python 代码）</translation>
    </message>
    <message>
        <source>%1 (pickle: loading it can run code)</source>
        <translation>%1（pickle：加载它可能执行代码）</translation>
    </message>
    <message>
        <source>Files that execute:</source>
        <translation>会执行的文件：</translation>
    </message>
    <message>
        <source>none found (the runner's own code runs the model)</source>
        <translation>未发现（由运行器自身的代码运行模型）</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <source>no high or critical findings.</source>
        <translation>没有高或严重级别的发现。</translation>
    </message>
    <message>
        <source>incomplete: %1</source>
        <translation>不完整：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n high or critical finding(s) — see the Safety tab.</source>
        <translation>
            <numerusform>%n 个高或严重级别的发现 — 见“安全”标签页。</numerusform>
        </translation>
    </message>
    <message>
        <source>Inspecting the model of &lt;b&gt;%1&lt;/b&gt; loads it in its runner, which runs code that comes with it. This is what will run:</source>
        <translation>检查 &lt;b&gt;%1&lt;/b&gt; 的模型会在其运行器中加载它，这会运行随附的代码。将运行以下内容：</translation>
    </message>
<message>
        <source>Run without the sandbox (this run only)</source>
        <translation>不使用沙箱运行（仅此次）</translation>
    </message>
    <message>
        <source>NO, for this run: the model runs with your full rights (your files, the network, processes that outlive the run).</source>
        <translation>否，仅此次运行：模型以您的全部权限运行（您的文件、网络、在运行结束后仍存活的进程）。</translation>
    </message>
    <message>
        <source>yes (%1): no network, no view of your files or other processes, writes only to a private scratch space, dangerous system calls denied, nothing survives the run.</source>
        <translation>是（%1）：无网络，看不到您的文件或其他进程，只写入私有临时空间，拒绝危险的系统调用，运行结束后不留任何东西。</translation>
    </message>
    <message>
        <source>Asked before every run: %1.</source>
        <translation>每次运行前都会询问：%1。</translation>
    </message>
    <message>
        <source>Run this model file's code?</source>
        <translation>运行此模型文件的代码？</translation>
    </message>
    <message>
        <source>Inspecting the model file &lt;b&gt;%1&lt;/b&gt; loads it in its runner, which runs code that comes with the file. This is what will run:</source>
        <translation>检查模型文件 &lt;b&gt;%1&lt;/b&gt; 会将其加载到运行器中，运行器会执行随文件而来的代码。将要运行的内容：</translation>
    </message>
    <message>
        <source>Running the model file &lt;b&gt;%1&lt;/b&gt; runs code that comes with the file. This is what will run:</source>
        <translation>运行模型文件 &lt;b&gt;%1&lt;/b&gt; 会执行随文件而来的代码。将要运行的内容：</translation>
    </message>
</context>
<context>
    <name>studio::RunHistoryDialog</name>
    <message>
        <source>Self-test History</source>
        <translation>自测历史</translation>
    </message>
    <message>
        <source>The history cannot be read: %1</source>
        <translation>无法读取历史：%1</translation>
    </message>
    <message>
        <source>No runs of this model are kept yet.</source>
        <translation>尚未保存此模型的任何运行。</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) kept (the newest 50). Select a run to see what changed since the one before it, or two runs to compare them.</source>
        <translation>
            <numerusform>已保存 %n 次运行（最新的 50 次）。选择一次运行以查看自上一次以来的变化，或选择两次运行进行比较。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2 — %3 of %4 passed</source>
        <translation>%1 — %2 — %4 个中 %3 个通过</translation>
    </message>
    <message>
        <source>unknown runner</source>
        <translation>未知运行器</translation>
    </message>
    <message>
        <source>The first run kept: nothing to compare it with.</source>
        <translation>这是保存的第一次运行：没有可比较的对象。</translation>
    </message>
    <message>
        <source>From %1 to %2:</source>
        <translation>从 %1 到 %2：</translation>
    </message>
    <message>
        <source>No verdict, figure, runner, sandbox or tolerance changed.</source>
        <translation>结论、数值、运行器、沙箱和容差均无变化。</translation>
    </message>
    <message>
        <source>there is no folder for the user's data</source>
        <translation>没有用于用户数据的文件夹</translation>
    </message>
</context>
<context>
    <name>studio::RunnerChoiceBox</name>
    <message>
        <source>Run with another runner plugin, whatever the carton's [runner] asks for</source>
        <translation>使用其他运行器插件运行，不论 carton 的 [runner] 要求什么</translation>
    </message>
    <message>
        <source>As the carton says (%1)</source>
        <translation>按 carton 的设定（%1）</translation>
    </message>
    <message>
        <source>%1 (forced)</source>
        <translation>%1（强制）</translation>
    </message>
    <message>
        <source>Triton / KServe server…</source>
        <translation>Triton / KServe 服务器…</translation>
    </message>
    <message>
        <source>Server %1</source>
        <translation>服务器 %1</translation>
    </message>
    <message>
        <source>Run on a Triton / KServe Server</source>
        <translation>在 Triton / KServe 服务器上运行</translation>
    </message>
    <message>
        <source>The carton's self-tests run on the server's model (KServe v2 protocol, binary tensor data), whatever runner the carton names. The model's inputs and outputs are checked against the carton's before anything is sent.</source>
        <translation>carton 的自检在服务器的模型上运行（KServe v2 协议，二进制张量数据），不论 carton 指定哪个运行器。在发送任何数据之前，会先将模型的输入和输出与 carton 的进行核对。</translation>
    </message>
    <message>
        <source>Server URL:</source>
        <translation>服务器 URL：</translation>
    </message>
    <message>
        <source>Model name:</source>
        <translation>模型名称：</translation>
    </message>
</context>
<context>
    <name>studio::RunnerEditor</name>
    <message>
        <source>Add Option</source>
        <translation>添加选项</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>The runner that runs the model, e.g. torchscript or python</source>
        <translation>运行模型的运行器，例如 torchscript 或 python</translation>
    </message>
    <message>
        <source>A semver requirement, e.g. =2.0.1, ^1.13 or &gt;=3.8, &lt;3.12</source>
        <translation>semver 版本要求，例如 =2.0.1、^1.13 或 &gt;=3.8, &lt;3.12</translation>
    </message>
    <message>
        <source>The runner interface version the carton was packed for (runner_compat_version)</source>
        <translation>打包 carton 时所针对的运行器接口版本（runner_compat_version）</translation>
    </message>
    <message>
        <source>Remove Option</source>
        <translation>移除选项</translation>
    </message>
    <message>
        <source>Add an option: one the runner declares, or a new key</source>
        <translation>添加选项：运行器声明的选项，或新的键</translation>
    </message>
    <message>
        <source>Runner &amp;name:</source>
        <translation>运行器名称(&amp;N)：</translation>
    </message>
    <message>
        <source>Required &amp;framework version:</source>
        <translation>所需框架版本(&amp;F)：</translation>
    </message>
    <message>
        <source>Runner &amp;compat version:</source>
        <translation>运行器兼容版本(&amp;C)：</translation>
    </message>
    <message>
        <source>Runner &amp;options ([runner.opts]):</source>
        <translation>运行器选项(&amp;O)（[runner.opts]）：</translation>
    </message>
    <message>
        <source>Values are integers, floats, strings or booleans. Options the runner does not know are kept and passed on.</source>
        <translation>值可以是整数、浮点数、字符串或布尔值。运行器不认识的选项会被保留并传递下去。</translation>
    </message>
    <message>
        <source>Edit Runner Name</source>
        <translation>编辑运行器名称</translation>
    </message>
    <message>
        <source>Edit Required Framework Version</source>
        <translation>编辑所需框架版本</translation>
    </message>
    <message>
        <source>Edit Runner Compat Version</source>
        <translation>编辑运行器兼容版本</translation>
    </message>
    <message>
        <source>New Option</source>
        <translation>新选项</translation>
    </message>
    <message>
        <source>%1 %2 (installed)%3</source>
        <translation>%1 %2（已安装）%3</translation>
    </message>
    <message>
        <source>Required: the framework versions the model works with, e.g. =2.0.1, ^1.13 or &gt;=3.8.</source>
        <translation>必填：模型适用的框架版本，例如 =2.0.1、^1.13 或 &gt;=3.8。</translation>
    </message>
    <message>
        <source>Not a semver requirement: %1</source>
        <translation>不是 semver 版本要求：%1</translation>
    </message>
    <message>
        <source>Matches %1.</source>
        <translation>与 %1 匹配。</translation>
    </message>
    <message>
        <source>Installed %1 %2 matches.</source>
        <translation>已安装的 %1 %2 符合要求。</translation>
    </message>
    <message>
        <source>Installed %1 %2 does not match.</source>
        <translation>已安装的 %1 %2 不符合要求。</translation>
    </message>
    <message>
        <source>Supported by the installed %1.</source>
        <translation>已安装的 %1 支持此版本。</translation>
    </message>
    <message>
        <source>The installed %1 supports %2.</source>
        <translation>已安装的 %1 支持 %2。</translation>
    </message>
    <message>
        <source>Add Runner Option %1</source>
        <translation>添加运行器选项 %1</translation>
    </message>
    <message>
        <source>Remove Runner Option %1</source>
        <translation>移除运行器选项 %1</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n Runner Options</source>
        <translation>
            <numerusform>移除 %n 个运行器选项</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::RunnerOptDelegate</name>
    <message>
        <source>Integer, float, string or boolean (carton.toml arrays are not supported)</source>
        <translation>整数、浮点数、字符串或布尔值（不支持 carton.toml 数组）</translation>
    </message>
    <message>
        <source>option name</source>
        <translation>选项名称</translation>
    </message>
    <message>
        <source>integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>number, e.g. 0.5 or 1e-3</source>
        <translation>数字，例如 0.5 或 1e-3</translation>
    </message>
</context>
<context>
    <name>studio::RunnerOptsModel</name>
    <message>
        <source>Option</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Rename Runner Option %1</source>
        <translation>重命名运行器选项 %1</translation>
    </message>
    <message>
        <source>Change Type of Runner Option %1</source>
        <translation>更改运行器选项 %1 的类型</translation>
    </message>
    <message>
        <source>Edit Runner Option %1</source>
        <translation>编辑运行器选项 %1</translation>
    </message>
</context>
<context>
    <name>studio::RunnersDialog</name>
    <message>
        <source>Runner Plugins</source>
        <translation>运行器插件</translation>
    </message>
    <message>
        <source>Runner</source>
        <translation>运行器</translation>
    </message>
    <message>
        <source>Framework version</source>
        <translation>框架版本</translation>
    </message>
    <message>
        <source>Compat versions</source>
        <translation>兼容版本</translation>
    </message>
    <message>
        <source>File / details</source>
        <translation>文件 / 详细信息</translation>
    </message>
    <message>
        <source>, default %1</source>
        <translation>，默认 %1</translation>
    </message>
    <message>
        <source>option %1</source>
        <translation>选项 %1</translation>
    </message>
    <message>
        <source>(not usable)</source>
        <translation>（不可用）</translation>
    </message>
    <message>
        <source>Searched, in this order (the CARTON_RUNNER_PATH folders first):
%1</source>
        <translation>按以下顺序搜索（先搜索 CARTON_RUNNER_PATH 中的文件夹）：
%1</translation>
    </message>
    <message>
        <source>No runner plugins were found: self-tests cannot run.</source>
        <translation>未找到运行器插件：无法运行自检。</translation>
    </message>
    <message numerus="yes">
        <source>%n runner plugin(s) found.</source>
        <translation>
            <numerusform>找到 %n 个运行器插件。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::SafetyFindingsModel</name>
    <message>
        <source>Critical</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>High</source>
        <translation>高</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>中</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>studio::SafetyPage</name>
    <message>
        <source>Scan Again</source>
        <translation>重新扫描</translation>
    </message>
    <message>
        <source>Read the carton again and scan everything</source>
        <translation>重新读取 carton 并扫描全部内容</translation>
    </message>
    <message>
        <source>Not scanned yet</source>
        <translation>尚未扫描</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>正在扫描…</translation>
    </message>
    <message>
        <source>No findings</source>
        <translation>未发现问题</translation>
    </message>
    <message numerus="yes">
        <source>No findings (%n note(s))</source>
        <translation>
            <numerusform>未发现问题（%n 条备注）</numerusform>
        </translation>
    </message>
    <message>
        <source>Findings: %1</source>
        <translation>发现：%1</translation>
    </message>
    <message>
        <source>Unknown: the carton could not be scanned</source>
        <translation>未知：无法扫描此 carton</translation>
    </message>
    <message>
        <source>Unknown: parts of the carton could not be read</source>
        <translation>未知：此 carton 的部分内容无法读取</translation>
    </message>
    <message numerus="yes">
        <source>%n pickle(s) disassembled (never loaded)</source>
        <translation>
            <numerusform>已反汇编 %n 个 pickle（从未加载）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n import(s) on the allow-list</source>
        <translation>
            <numerusform>%n 个导入中有 %1 个在允许列表中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n Python file(s)</source>
        <translation>
            <numerusform>%n 个 Python 文件</numerusform>
        </translation>
    </message>
    <message>
        <source>no hosts</source>
        <translation>无主机</translation>
    </message>
    <message>
        <source>hosts: %1</source>
        <translation>主机：%1</translation>
    </message>
    <message>
        <source>Not read: %1</source>
        <translation>未读取：%1</translation>
    </message>
    <message>
        <source>What the scan read</source>
        <translation>扫描读取的内容</translation>
    </message>
    <message>
        <source>pickle protocol %1, %2 opcodes%3</source>
        <translation>pickle 协议 %1，%2 个操作码%3</translation>
    </message>
    <message>
        <source>, stopped early</source>
        <translation>，提前停止</translation>
    </message>
    <message>
        <source>no imports</source>
        <translation>无导入</translation>
    </message>
    <message>
        <source>allowed</source>
        <translation>允许</translation>
    </message>
    <message>
        <source>not allowed</source>
        <translation>不允许</translation>
    </message>
    <message>
        <source>(unresolved)</source>
        <translation>（未解析）</translation>
    </message>
    <message>
        <source>imports %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>No pickles and no Python code in this carton.</source>
        <translation>此 carton 中没有 pickle，也没有 Python 代码。</translation>
    </message>
    <message numerus="yes">
        <source>Scan complete · %n file(s) examined</source>
        <translation>
            <numerusform>扫描完成 · 已检查 %n 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Scan incomplete · %n file(s) examined</source>
        <translation>
            <numerusform>扫描不完整 · 已检查 %n 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Scan failed · %n file(s) examined</source>
        <translation>
            <numerusform>扫描失败 · 已检查 %n 个文件</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::Screenshotter</name>
    <message>
        <source>The window is gone.</source>
        <translation>窗口已不存在。</translation>
    </message>
    <message>
        <source>Could not save the screenshot to %1.</source>
        <translation>无法将截图保存到 %1。</translation>
    </message>
</context>
<context>
    <name>studio::SelfTestOutputsPane</name>
    <message>
        <source>Run the self-tests to see each output's figures.</source>
        <translation>运行自检即可查看每个输出的指标。</translation>
    </message>
</context>
<context>
    <name>studio::SelfTestText</name>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cannot run</source>
        <translation>无法运行</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>ran</source>
        <translation>已运行</translation>
    </message>
    <message>
        <source>shape mismatch</source>
        <translation>形状不匹配</translation>
    </message>
    <message>
        <source>dtype mismatch</source>
        <translation>dtype 不匹配</translation>
    </message>
    <message>
        <source>malformed</source>
        <translation>格式错误</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>%1 of %2 elements (%3) differ</source>
        <translation>%2 个元素中有 %1 个（%3）不同</translation>
    </message>
    <message>
        <source>%1 of %2 elements (%3) outside rtol %4, atol %5</source>
        <translation>%2 个元素中有 %1 个（%3）超出 rtol %4、atol %5</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>output '%1' was not returned (the model returned none)</source>
        <translation>未返回输出“%1”（模型未返回任何输出）</translation>
    </message>
    <message>
        <source>output '%1' was not returned (the model returned %2)</source>
        <translation>未返回输出“%1”（模型返回了 %2）</translation>
    </message>
    <message>
        <source>output '%1': %2</source>
        <translation>输出“%1”：%2</translation>
    </message>
</context>
<context>
    <name>studio::SelfTestsEditor</name>
    <message>
        <source>The carton's [[self_test]]s (run by Run Self-tests) and [[example]]s (shown to users)</source>
        <translation>carton 的 [[self_test]]（由“运行自检”执行）和 [[example]]（展示给用户）</translation>
    </message>
    <message>
        <source>Add Self-test</source>
        <translation>添加自检</translation>
    </message>
    <message>
        <source>Add a [[self_test]]: inputs and the outputs they must give</source>
        <translation>添加 [[self_test]]：输入及其必须产生的输出</translation>
    </message>
    <message>
        <source>Add Example</source>
        <translation>添加示例</translation>
    </message>
    <message>
        <source>Add an [[example]]: inputs and sample outputs for users</source>
        <translation>添加 [[example]]：供用户参考的输入和样本输出</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Duplicate the selected item (Ctrl+D)</source>
        <translation>复制所选项目（Ctrl+D）</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove the selected item (Delete)</source>
        <translation>移除所选项目（Delete）</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Move the selected item up (Alt+Up)</source>
        <translation>将所选项目上移（Alt+Up）</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Move the selected item down (Alt+Down)</source>
        <translation>将所选项目下移（Alt+Down）</translation>
    </message>
    <message>
        <source>No self-test or example selected.

A self-test feeds tensors from tensor_data/ to the model and compares what it returns with the expected outputs; an example shows users what the model takes and gives.
Add one with the buttons on the left.</source>
        <translation>未选择自检或示例。

自检会将 tensor_data/ 中的张量输入模型，并将其返回结果与期望输出进行比较；示例向用户展示模型的输入和输出。
请使用左侧的按钮添加。</translation>
    </message>
    <message>
        <source>Optional: a short name, e.g. "cat photo"</source>
        <translation>可选：简短的名称，例如“猫的照片”</translation>
    </message>
    <message>
        <source>Optional: what this item checks or shows</source>
        <translation>可选：此项目检查或展示的内容</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Description:</source>
        <translation>描述(&amp;D)：</translation>
    </message>
    <message>
        <source>Self-test %1 of %2</source>
        <translation>自检 %1 / %2</translation>
    </message>
    <message>
        <source>Example %1 of %2</source>
        <translation>示例 %1 / %2</translation>
    </message>
    <message>
        <source>This self-test has extension keys (such as [self_test.tolerance]); they are kept as they are.</source>
        <translation>此自检含有扩展键（例如 [self_test.tolerance]）；它们将原样保留。</translation>
    </message>
    <message>
        <source>Edit Name of %1</source>
        <translation>编辑 %1 的名称</translation>
    </message>
    <message>
        <source>Edit Description of %1</source>
        <translation>编辑 %1 的描述</translation>
    </message>
    <message>
        <source>Duplicate %1</source>
        <translation>复制 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <source>Move %1 Up</source>
        <translation>上移 %1</translation>
    </message>
    <message>
        <source>Move %1 Down</source>
        <translation>下移 %1</translation>
    </message>
    <message>
        <source>&amp;Tolerance:</source>
        <translation>容差(&amp;T)：</translation>
    </message>
    <message>
        <source>Edit Tolerance of %1</source>
        <translation>编辑 %1 的容差</translation>
    </message>
<message>
        <source>One row per declared input and output. Edit the Tensor cell (F2 or double-click) to pick a tensor of tensor_data/</source>
        <translation>每个已声明的输入和输出占一行。编辑“张量”单元格（F2 或双击）以选择 tensor_data/ 中的张量</translation>
    </message>
    <message>
        <source>&amp;Import Tensor…</source>
        <translation>导入张量(&amp;I)…</translation>
    </message>
    <message>
        <source>Add a tensor from a .npy or .safetensors file to tensor_data/ and use it in the selected row</source>
        <translation>将 .npy 或 .safetensors 文件中的张量添加到 tensor_data/，并在所选行中使用</translation>
    </message>
    <message>
        <source>Add &amp;File…</source>
        <translation>添加文件(&amp;F)…</translation>
    </message>
    <message>
        <source>Add an image, audio or video file to misc/ and use it in the selected row (examples only)</source>
        <translation>将图像、音频或视频文件添加到 misc/，并在所选行中使用（仅限示例）</translation>
    </message>
    <message>
        <source>&amp;Clear</source>
        <translation>清除(&amp;C)</translation>
    </message>
    <message>
        <source>Remove the selected row's tensor (Delete)</source>
        <translation>移除所选行的张量（Delete）</translation>
    </message>
    <message numerus="yes">
        <source>tensor_data/ holds %n tensor(s)</source>
        <translation>
            <numerusform>tensor_data/ 中有 %n 个张量</numerusform>
        </translation>
    </message>
    <message>
        <source>tensor_data/index.toml cannot be read</source>
        <translation>无法读取 tensor_data/index.toml</translation>
    </message>
    <message>
        <source>no self-test or example is selected</source>
        <translation>未选择自检或示例</translation>
    </message>
    <message>
        <source>Import Tensor %1</source>
        <translation>导入张量 %1</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>no example is selected</source>
        <translation>未选择示例</translation>
    </message>
    <message>
        <source>Add File %1</source>
        <translation>添加文件 %1</translation>
    </message>
    <message>
        <source>Import Tensor</source>
        <translation>导入张量</translation>
    </message>
    <message>
        <source>Tensors (*.npy *.safetensors);;All files (*)</source>
        <translation>张量 (*.npy *.safetensors);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 holds no tensor.</source>
        <translation>%1 中没有张量。</translation>
    </message>
    <message>
        <source>Tensor of %1:</source>
        <translation>%1 中的张量：</translation>
    </message>
    <message>
        <source>Name in tensor_data/:</source>
        <translation>在 tensor_data/ 中的名称：</translation>
    </message>
    <message>
        <source>Add File to misc/</source>
        <translation>将文件添加到 misc/</translation>
    </message>
    <message>
        <source>Images, audio and video (*.png *.jpg *.jpeg *.gif *.webp *.bmp *.svg *.wav *.mp3 *.ogg *.flac *.mp4 *.webm *.mov *.mkv);;All files (*)</source>
        <translation>图像、音频和视频 (*.png *.jpg *.jpeg *.gif *.webp *.bmp *.svg *.wav *.mp3 *.ogg *.flac *.mp4 *.webm *.mov *.mkv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Add File</source>
        <translation>添加文件</translation>
    </message>
    <message>
        <source>the import was cancelled</source>
        <translation>导入已取消</translation>
    </message>
    </context>
<context>
    <name>studio::SelfTestsModel</name>
    <message>
        <source>not in tensor_data/index.toml</source>
        <translation>不在 tensor_data/index.toml 中</translation>
    </message>
    <message numerus="yes">
        <source>nested, %n inner</source>
        <translation>
            <numerusform>嵌套，%n 个内部张量</numerusform>
        </translation>
    </message>
    <message>
        <source>file, %1</source>
        <translation>文件，%1</translation>
    </message>
    <message>
        <source>linked file (not in the archive)</source>
        <translation>链接文件（不在归档中）</translation>
    </message>
    <message>
        <source>missing file</source>
        <translation>缺失的文件</translation>
    </message>
    <message>
        <source>not a @tensor_data/ or @misc/ reference</source>
        <translation>不是 @tensor_data/ 或 @misc/ 引用</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>expected output</source>
        <translation>期望输出</translation>
    </message>
    <message>
        <source>sample output</source>
        <translation>样本输出</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Example %1</source>
        <translation>示例 %1</translation>
    </message>
    <message>
        <source>Self-test %1</source>
        <translation>自检 %1</translation>
    </message>
    <message>
        <source>example</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>self-test</source>
        <translation>自检</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>引用</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
<message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>no description</source>
        <translation>无描述</translation>
    </message>
</context>
<context>
    <name>studio::SelfTestMediaPane</name>
    <message>
        <source>The audio or video file of this item to play</source>
        <translation>此项中要播放的音频或视频文件</translation>
    </message>
</context>
<context>
    <name>studio::SelfTestsPage</name>
    <message>
        <source>The runner's log (its standard error) appears here after a run.</source>
        <translation>运行后，运行器的日志（其标准错误输出）会显示在此处。</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Error Map</source>
        <translation>误差图</translation>
    </message>
    <message>
        <source>Runner log</source>
        <translation>运行器日志</translation>
    </message>
    <message>
        <source>This carton has no self-tests or examples.</source>
        <translation>此 carton 没有自检或示例。</translation>
    </message>
    <message>
        <source>Run All</source>
        <translation>全部运行</translation>
    </message>
    <message>
        <source>Run every self-test and example through the runner (Carton ▸ Run Self-tests, Ctrl+R)</source>
        <translation>通过运行器运行所有自检和示例（Carton ▸ 运行自检，Ctrl+R）</translation>
    </message>
    <message>
        <source>Run Selected</source>
        <translation>运行所选项</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the run (the runner host is killed)</source>
        <translation>停止运行（将终止运行器宿主进程）</translation>
    </message>
    <message>
        <source>Runner:</source>
        <translation>运行器：</translation>
    </message>
    <message>
        <source>Copy as Command</source>
        <translation>复制为命令</translation>
    </message>
    <message>
        <source>Copy the carton selftest command line that reproduces this run</source>
        <translation>复制可重现此次运行的 carton selftest 命令行</translation>
    </message>
    <message>
        <source>Export Report…</source>
        <translation>导出报告…</translation>
    </message>
    <message>
        <source>Write the last run as a self-contained HTML report or as JSON</source>
        <translation>将上次运行写为独立的 HTML 报告或 JSON</translation>
    </message>
    <message>
        <source>there is no run to export yet</source>
        <translation>还没有可导出的运行</translation>
    </message>
    <message>
        <source>Export Self-test Report</source>
        <translation>导出自检报告</translation>
    </message>
    <message>
        <source>HTML report (*.html);;JSON (*.json)</source>
        <translation>HTML 报告 (*.html);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Run Self-tests</source>
        <translation>运行自检</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>This carton has no self-tests.</source>
        <translation>此 carton 没有自检。</translation>
    </message>
    <message numerus="yes">
        <source>%n self-test(s), not run yet. Run All runs them through the runner plugin in a separate process.</source>
        <translation>
            <numerusform>%n 个自检，尚未运行。“全部运行”会通过运行器插件在独立进程中运行它们。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 passed, %2 failed, %3 cannot run, %4 error</source>
        <translation>%1 个通过，%2 个失败，%3 个无法运行，%4 个出错</translation>
    </message>
    <message>
        <source> (cancelled)</source>
        <translation>（已取消）</translation>
    </message>
    <message>
        <source> · model load %1 · total %2</source>
        <translation> · 模型加载 %1 · 总计 %2</translation>
    </message>
    <message>
        <source> · examples: %1 ran, %2 cannot run, %3 error</source>
        <translation> · 示例：%1 个已运行，%2 个无法运行，%3 个出错</translation>
    </message>
    <message>
        <source> · sandboxed (%1)</source>
        <translation> · 在沙箱中（%1）</translation>
    </message>
    <message>
        <source>NOT sandboxed: %1</source>
        <translation>未使用沙箱：%1</translation>
    </message>
    <message>
        <source>Command copied to the clipboard.</source>
        <translation>命令已复制到剪贴板。</translation>
    </message>
    <message>
        <source>Run with %1 Anyway</source>
        <translation>仍用 %1 运行</translation>
    </message>
    <message>
        <source>FORCED: run with %1</source>
        <translation>强制：使用 %1 运行</translation>
    </message>
    <message>
        <source>Change Server…</source>
        <translation>更改服务器…</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>基准测试</translation>
    </message>
    <message>
        <source>Run the self-tests, then time 100 inferences of each after 10 warm-up ones</source>
        <translation>运行自检，然后在 10 次预热后对每个自检计时 100 次推理</translation>
    </message>
    <message>
        <source>Compare Backends…</source>
        <translation>比较后端…</translation>
    </message>
    <message>
        <source>Run the self-tests on this runner and on another runner or a server, and compare their outputs</source>
        <translation>在此运行器以及另一个运行器或服务器上运行自测，并比较它们的输出</translation>
    </message>
    <message>
        <source>History…</source>
        <translation>历史…</translation>
    </message>
    <message>
        <source>The runs kept for this model and what changed between them</source>
        <translation>为此模型保存的运行及其之间的变化</translation>
    </message>
    <message>
        <source>Compare Backends</source>
        <translation>比较后端</translation>
    </message>
    <message>
        <source>warning: the run was not kept in the history: %1</source>
        <translation>警告：此次运行未保存到历史中：%1</translation>
    </message>
<message>
        <source>sandboxed (%1)</source>
        <translation>在沙箱中（%1）</translation>
    </message>
    <message>
        <source>Could not run the self-tests (%1): %2</source>
        <translation>无法运行自测（%1）：%2</translation>
    </message>
<message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
<message>
        <source>Could not run the self-tests: %1</source>
        <translation>无法运行自检：%1</translation>
    </message>
    </context>
<context>
    <name>studio::ShortcutsDialog</name>
    <message>
        <source>Panels</source>
        <translation>面板</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
</context>
<context>
    <name>studio::SignatureRow</name>
    <message>
        <source>Check the signature again (after adding a key in Preferences)</source>
        <translation>重新检查签名（在首选项中添加密钥后）</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>正在检查 %1…</translation>
    </message>
    <message>
        <source>Not signed (no %1 next to the carton)</source>
        <translation>未签名（carton 旁没有 %1）</translation>
    </message>
    <message>
        <source>Signed with a key that is not known here: add its public key under Edit ▸ Preferences, or put KEY.pub.pem next to %1.</source>
        <translation>使用此处未知的密钥签名：请在“编辑 ▸ 首选项”中添加其公钥，或将 KEY.pub.pem 放在 %1 旁边。</translation>
    </message>
    <message>
        <source>Signed with a key that is not known here (its hint, the sha256 of its PEM file: %1): add its public key under Edit ▸ Preferences, or put KEY.pub.pem next to %2.</source>
        <translation>使用此处未知的密钥签名（其提示，即其 PEM 文件的 sha256：%1）：请在“编辑 ▸ 首选项”中添加其公钥，或将 KEY.pub.pem 放在 %2 旁边。</translation>
    </message>
    <message>
        <source>Invalid: the signature cannot be read. %1</source>
        <translation>无效：无法读取签名。%1</translation>
    </message>
    <message>
        <source>1 file</source>
        <translation>1 个文件</translation>
    </message>
    <message>
        <source>%1 files</source>
        <translation>%1 个文件</translation>
    </message>
    <message>
        <source>Invalid (key %1): %2</source>
        <translation>无效（密钥 %1）：%2</translation>
    </message>
    <message>
        <source>Key: %1</source>
        <translation>密钥：%1</translation>
    </message>
    <message>
        <source>Key hint (sha256 of the signer's PEM public key): %1</source>
        <translation>密钥提示（签名者 PEM 公钥的 sha256）：%1</translation>
    </message>
    <message>
        <source>Fingerprint (sha256 of the DER public key): %1</source>
        <translation>指纹（DER 公钥的 sha256）：%1</translation>
    </message>
    <message>
        <source>your trusted %1 key %2</source>
        <translation>您信任的 %1 密钥 %2</translation>
    </message>
    <message>
        <source>%1 key %2, whose public key lies next to the carton; it is not one of your trusted keys</source>
        <translation>%1 密钥 %2（其公钥位于 carton 旁边；它不是您信任的密钥之一）</translation>
    </message>
    <message>
        <source>Verifying the files… this MANIFEST (%1) was signed by %2; the signature is valid only if every file matches it.</source>
        <translation>正在校验文件… 此 MANIFEST（%1）由 %2 签名；只有每个文件都与之相符，签名才有效。</translation>
    </message>
    <message>
        <source>Not valid yet: this MANIFEST (%1) was signed by %2, but the files have not all been verified against it (%3). Press F5 to verify.</source>
        <translation>尚未有效：此 MANIFEST（%1）由 %2 签名，但并非所有文件都已据此校验（%3）。按 F5 进行校验。</translation>
    </message>
    <message>
        <source>Valid: this MANIFEST (%1) was signed by %2, and every file matches it.</source>
        <translation>有效：此 MANIFEST（%1）由 %2 签名，且每个文件都与之相符。</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 及另外 %2 个</translation>
    </message>
    <message>
        <source>Invalid: this MANIFEST was signed by %1 key %2, but files do not match it: %3.</source>
        <translation>无效：此 MANIFEST 由 %1 密钥 %2 签名，但有文件与之不符：%3。</translation>
    </message>
    <message>
        <source>Not checked (a detached signature is looked for only next to a carton on this computer)</source>
        <translation>未检查（仅在本机上的 carton 旁查找独立签名）</translation>
    </message>
<message>
        <source>Trust this key…</source>
        <translation>信任此密钥…</translation>
    </message>
    <message>
        <source>Fingerprint of the key that signed this carton:

%1

%2 key, from %3.

Compare it with the fingerprint its owner gave you (on their web page, in person), not with anything that came with the carton. Trust this key for every carton it signs?</source>
        <translation>签署此 carton 的密钥指纹：

%1

%2 密钥，来自 %3。

请与其所有者提供给您的指纹（在其网页上、当面）比对，而不要与随 carton 附带的任何内容比对。是否信任此密钥签署的每个 carton？</translation>
    </message>
    <message>
        <source>Trust This Key?</source>
        <translation>信任此密钥？</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>the key file changed since the signature was checked</source>
        <translation>自检查签名以来，密钥文件已更改</translation>
    </message>
    <message>
        <source>Trust This Key</source>
        <translation>信任此密钥</translation>
    </message>
    <message>
        <source>The key was not trusted: %1</source>
        <translation>未信任该密钥：%1</translation>
    </message>
    <message>
        <source>Signed by an unknown key, not checked: no public key here fits %1. Add the signer's public key under Edit ▸ Preferences, or put KEY.pub.pem next to it.</source>
        <translation>由未知密钥签名，未检查：这里没有与 %1 匹配的公钥。请在 编辑 ▸ 首选项 中添加签名者的公钥，或将 KEY.pub.pem 放在其旁边。</translation>
    </message>
    <message>
        <source>Signed by an unknown key: %1 key %2. The signature over this MANIFEST (%3) is valid and every file matches it, but the key is not one of your trusted keys, so it says nothing about who made this carton.</source>
        <translation>由未知密钥签名：%1 密钥 %2。此 MANIFEST（%3）上的签名有效且每个文件都匹配，但该密钥不在您的信任密钥中，因此无法说明此 carton 是谁制作的。</translation>
    </message>
    <message>
        <source>The bundle's key hint (model_signing's sha256 of the PEM text; not the key's fingerprint): %1</source>
        <translation>包中的密钥提示（model_signing 对 PEM 文本计算的 sha256；不是密钥指纹）：%1</translation>
    </message>
    <message>
        <source>Fingerprint of the key that signed this model:

%1

%2 key, from %3.

Compare it with the fingerprint its owner gave you (on their web page, in person), not with anything that came with the model. Trust this key for every model and carton it signs?</source>
        <translation>签署此模型的密钥指纹：

%1

%2 密钥，来自 %3。

请与其所有者提供给您的指纹（在其网页上、当面）比对，而不要与随模型附带的任何内容比对。是否信任此密钥签署的每个模型和 carton？</translation>
    </message>
    <message>
        <source>%1 was signed with a certificate; the window checks signatures made with a key. Check it with: carton verify MODEL --signature %1 --cert-chain CA.pem</source>
        <translation>%1 是用证书签名的；窗口只检查用密钥生成的签名。请用以下命令检查：carton verify MODEL --signature %1 --cert-chain CA.pem</translation>
    </message>
    <message>
        <source>Not checked: %1.</source>
        <translation>未检查：%1。</translation>
    </message>
    <message>
        <source>Looking for a model signature…</source>
        <translation>正在查找模型签名…</translation>
    </message>
    <message>
        <source>Not signed (no model.sig, %1.sig or %1.sigstore.json next to it)</source>
        <translation>未签名（旁边没有 model.sig、%1.sig 或 %1.sigstore.json）</translation>
    </message>
    <message>
        <source>Signed, not checked: %1</source>
        <translation>已签名，未检查：%1</translation>
    </message>
    <message>
        <source>Valid: this model (%1) matches the OpenSSF model signature %2 by your trusted %3 key %4. %5</source>
        <translation>有效：此模型（%1）与您信任的 %3 密钥 %4 所作的 OpenSSF 模型签名 %2 相符。%5</translation>
    </message>
    <message>
        <source>Signed by an unknown key: %1 key %2. The OpenSSF model signature %3 is valid and this model (%4) matches it, but the key is not one of your trusted keys, so it says nothing about who made this model. %5</source>
        <translation>由未知密钥签名：%1 密钥 %2。OpenSSF 模型签名 %3 有效且此模型（%4）与之相符，但该密钥不在您的信任密钥中，因此无法说明此模型是谁制作的。%5</translation>
    </message>
    <message>
        <source>Invalid (%1): %2 %3</source>
        <translation>无效（%1）：%2 %3</translation>
    </message>
    <message>
        <source>Not checked: %1</source>
        <translation>未检查：%1</translation>
    </message>
</context>
<context>
    <name>studio::SliceControls</name>
    <message>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation>定点</translation>
    </message>
    <message>
        <source>Scientific</source>
        <translation>科学计数</translation>
    </message>
    <message>
        <source>Hex (integers)</source>
        <translation>十六进制（整数）</translation>
    </message>
    <message>
        <source>&amp;Rows:</source>
        <translation>行(&amp;R)：</translation>
    </message>
    <message>
        <source>Co&amp;lumns:</source>
        <translation>列(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>dim %1 (%2)</source>
        <translation>维度 %1（%2）</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>dim %1:</source>
        <translation>维度 %1：</translation>
    </message>
    <message>
        <source> / %1</source>
        <translation> / %1</translation>
    </message>
</context>
<context>
    <name>studio::SpdxLicenses</name>
    <message>
        <source>the license is empty</source>
        <translation>许可证为空</translation>
    </message>
    <message>
        <source>"%1" is not a license identifier (letters, digits, '.' and '-' only)</source>
        <translation>“%1”不是许可证标识符（只能包含字母、数字、“.”和“-”）</translation>
    </message>
    <message>
        <source>"%1" is a license exception; write it after WITH (e.g. "GPL-2.0-or-later WITH %1")</source>
        <translation>“%1”是许可证例外；请写在 WITH 之后（例如“GPL-2.0-or-later WITH %1”）</translation>
    </message>
    <message>
        <source>write the operator "%1" in capitals: %2</source>
        <translation>运算符“%1”应大写：%2</translation>
    </message>
    <message>
        <source>"%1" is not an SPDX license identifier; pick one from the list or write LicenseRef-NAME for a license of your own</source>
        <translation>“%1”不是 SPDX 许可证标识符；请从列表中选择，或为自有许可证写 LicenseRef-NAME</translation>
    </message>
    <message>
        <source>"%1" is written "%2" in the SPDX list</source>
        <translation>“%1”在 SPDX 列表中写作“%2”</translation>
    </message>
    <message>
        <source>"%1" is deprecated in the SPDX list (e.g. GPL-2.0 is now GPL-2.0-only or GPL-2.0-or-later)</source>
        <translation>“%1”在 SPDX 列表中已弃用（例如 GPL-2.0 现为 GPL-2.0-only 或 GPL-2.0-or-later）</translation>
    </message>
    <message>
        <source>the expression ends where a license was expected</source>
        <translation>表达式在应为许可证的位置结束</translation>
    </message>
    <message>
        <source>too many nested parentheses</source>
        <translation>嵌套括号过多</translation>
    </message>
    <message>
        <source>a "(" is not closed</source>
        <translation>“(”没有闭合</translation>
    </message>
    <message>
        <source>"%1" where a license was expected</source>
        <translation>应为许可证的位置出现了“%1”</translation>
    </message>
    <message>
        <source>WITH must be followed by a license exception</source>
        <translation>WITH 之后必须是许可证例外</translation>
    </message>
    <message>
        <source>"%1" is not an SPDX license exception</source>
        <translation>“%1”不是 SPDX 许可证例外</translation>
    </message>
    <message>
        <source>a ")" has no "("</source>
        <translation>“)”没有对应的“(”</translation>
    </message>
    <message>
        <source>"%1" follows a license without AND, OR or WITH</source>
        <translation>“%1”跟在许可证后面，但缺少 AND、OR 或 WITH</translation>
    </message>
    <message>
        <source>not a valid SPDX license expression: %1</source>
        <translation>不是有效的 SPDX 许可证表达式：%1</translation>
    </message>
</context>
<context>
    <name>studio::SpecsPage</name>
    <message>
        <source>input %1</source>
        <translation>输入 %1</translation>
    </message>
    <message>
        <source>output %1</source>
        <translation>输出 %1</translation>
    </message>
    <message>
        <source>None declared.</source>
        <translation>未声明。</translation>
    </message>
    <message>
        <source>Inputs (%1)</source>
        <translation>输入（%1）</translation>
    </message>
    <message>
        <source>Outputs (%1)</source>
        <translation>输出（%1）</translation>
    </message>
<message>
        <source>Shape symbols</source>
        <translation>形状符号</translation>
    </message>
    <message>
        <source>A symbol has one value across all inputs and outputs within one self-test; * may differ at each use.</source>
        <translation>在同一个自检中，一个符号在所有输入和输出中取同一个值；* 在每处使用时可以不同。</translation>
    </message>
    <message>
        <source>Fill from Model…</source>
        <translation>从模型填充…</translation>
    </message>
    <message>
        <source>Take the inputs and outputs (names, dtypes, shapes) from the model file's own signature</source>
        <translation>从模型文件自身的签名中获取输入和输出（名称、dtype、形状）</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Add an output after the current one (Insert)</source>
        <translation>在当前输出之后添加一个输出（Insert）</translation>
    </message>
    <message>
        <source>Add an input after the current one (Insert)</source>
        <translation>在当前输入之后添加一个输入（Insert）</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove the selected outputs (Delete)</source>
        <translation>移除所选输出（Delete）</translation>
    </message>
    <message>
        <source>Remove the selected inputs (Delete)</source>
        <translation>移除所选输入（Delete）</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Move the current output up (Alt+Up)</source>
        <translation>将当前输出上移（Alt+Up）</translation>
    </message>
    <message>
        <source>Move the current input up (Alt+Up)</source>
        <translation>将当前输入上移（Alt+Up）</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Move the current output down (Alt+Down)</source>
        <translation>将当前输出下移（Alt+Down）</translation>
    </message>
    <message>
        <source>Move the current input down (Alt+Down)</source>
        <translation>将当前输入下移（Alt+Down）</translation>
    </message>
    <message>
        <source>Fill from Model</source>
        <translation>从模型填充</translation>
    </message>
    <message>
        <source>No file in model/ declares its inputs and outputs. An ONNX model does; a TorchScript or Python model does not say them in its files.</source>
        <translation>model/ 中没有文件声明其输入和输出。ONNX 模型会声明；TorchScript 或 Python 模型的文件中不写明这些。</translation>
    </message>
    <message>
        <source>Replace %1 input(s) and %2 output(s) with the %3 input(s) and %4 output(s) of %5?</source>
        <translation>用 %5 的 %3 个输入和 %4 个输出替换现有的 %1 个输入和 %2 个输出？</translation>
    </message>
    <message>
        <source>Descriptions of names that stay are kept. Edit ▸ Undo takes it back.</source>
        <translation>保留名称不变的项的描述。可用 编辑 ▸ 撤销 还原。</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <source>Fill Inputs and Outputs from Model</source>
        <translation>从模型填充输入和输出</translation>
    </message>
    <message>
        <source>Filled from %1.</source>
        <translation>已从 %1 填充。</translation>
    </message>
    <message>
        <source>Filled from %1; left out, as Carton v1 has no dtype for them: %2</source>
        <translation>已从 %1 填充；以下各项因 Carton v1 没有对应的 dtype 而略去：%2</translation>
    </message>
    <message>
        <source>Add Output</source>
        <translation>添加输出</translation>
    </message>
    <message>
        <source>Add Input</source>
        <translation>添加输入</translation>
    </message>
    <message>
        <source>Remove Output</source>
        <translation>移除输出</translation>
    </message>
    <message>
        <source>Remove Input</source>
        <translation>移除输入</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n Outputs</source>
        <translation>
            <numerusform>移除 %n 个输出</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %n Inputs</source>
        <translation>
            <numerusform>移除 %n 个输入</numerusform>
        </translation>
    </message>
    <message>
        <source>Move Output Up</source>
        <translation>上移输出</translation>
    </message>
    <message>
        <source>Move Input Up</source>
        <translation>上移输入</translation>
    </message>
    <message>
        <source>Move Output Down</source>
        <translation>下移输出</translation>
    </message>
    <message>
        <source>Move Input Down</source>
        <translation>下移输入</translation>
    </message>
</context>
<context>
    <name>studio::StatsPanel</name>
    <message>
        <source>Whole tensor</source>
        <translation>整个张量</translation>
    </message>
    <message>
        <source>Current slice</source>
        <translation>当前切片</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>Std</source>
        <translation>标准差</translation>
    </message>
    <message>
        <source>Zeros</source>
        <translation>零值</translation>
    </message>
    <message>
        <source>NaN</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>+Inf</source>
        <translation>+Inf</translation>
    </message>
    <message>
        <source>−Inf</source>
        <translation>−Inf</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Slice %1</source>
        <translation>切片 %1</translation>
    </message>
    <message>
        <source>Shape %1</source>
        <translation>形状 %1</translation>
    </message>
    <message>
        <source>Log count</source>
        <translation>对数计数</translation>
    </message>
    <message>
        <source>Histogram bars scale with log10(1 + count), so rare values stay visible</source>
        <translation>直方图柱高按 log10(1 + 计数) 缩放，使罕见值仍然可见</translation>
    </message>
</context>
<context>
    <name>studio::StringTableModel</name>
    <message>
        <source>The selection is outside the slice.</source>
        <translation>所选内容超出了切片范围。</translation>
    </message>
    <message>
        <source>… %1 more not shown</source>
        <translation>……另有 %1 个未显示</translation>
    </message>
    <message>
        <source>empty string</source>
        <translation>空字符串</translation>
    </message>
    <message>
        <source>length %1</source>
        <translation>长度 %1</translation>
    </message>
</context>
<context>
    <name>studio::SummaryLine</name>
    <message>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <source>Show the whole message</source>
        <translation>显示完整消息</translation>
    </message>
    <message>
        <source>Hide the details</source>
        <translation>隐藏详细信息</translation>
    </message>
</context>
<context>
    <name>studio::SymbolPanel</name>
    <message>
        <source>Symbol</source>
        <translation>符号</translation>
    </message>
    <message>
        <source>Used in</source>
        <translation>使用位置</translation>
    </message>
    <message>
        <source>Values in self-tests / examples</source>
        <translation>自检 / 示例中的值</translation>
    </message>
    <message>
        <source>%1 (whole shape)</source>
        <translation>%1（整个形状）</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%2 中的 %1</translation>
    </message>
    <message>
        <source>%1 in %2 sections</source>
        <translation>%2 个部分中的 %1</translation>
    </message>
    <message>
        <source>= %1 in %2</source>
        <translation>在 %2 中 = %1</translation>
    </message>
    <message>
        <source>conflicts in %1</source>
        <translation>%1 中存在冲突</translation>
    </message>
    <message>
        <source>not bound by any self-test or example</source>
        <translation>未被任何自检或示例绑定</translation>
    </message>
    <message numerus="yes">
        <source>%n more value(s)</source>
        <translation>
            <numerusform>另有 %n 个值</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <translation>%1，来自 %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source> but </source>
        <translation>，但是 </translation>
    </message>
    <message>
        <source>This symbol takes two values within one self-test: every use of a symbol must have the same value in one inference call.</source>
        <translation>此符号在同一个自检中取了两个值：在一次推理调用中，符号的每处使用都必须取相同的值。</translation>
    </message>
</context>
<context>
    <name>studio::TensorFileBrowser</name>
    <message>
        <source>safetensors, header %1 bytes</source>
        <translation>safetensors，头部 %1 字节</translation>
    </message>
    <message>
        <source>__metadata__ key</source>
        <translation>__metadata__ 键</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Reading the header of %1…</source>
        <translation>正在读取 %1 的头部…</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %2, %n tensor(s)</source>
        <translation>
            <numerusform>%1 — %2，%n 个张量</numerusform>
        </translation>
    </message>
    <message>
        <source>The file holds no tensors.</source>
        <translation>该文件不包含张量。</translation>
    </message>
    <message>
        <source>Select a tensor to see its values.</source>
        <translation>选择一个张量以查看其值。</translation>
    </message>
    <message>
        <source>NumPy .npy version %1, %2 order, descr %3</source>
        <translation>NumPy .npy 版本 %1，%2 顺序，descr %3</translation>
    </message>
</context>
<context>
    <name>studio::TensorFileModel</name>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
</context>
<context>
    <name>studio::TensorFindBar</name>
    <message>
        <source>Go to: row, col (Ctrl+G)</source>
        <translation>转到：行, 列 (Ctrl+G)</translation>
    </message>
    <message>
        <source>A cell of the shown slice ("3, 17") or a whole index of the tensor ("0, 2, 3, 17")</source>
        <translation>所示切片中的单元格（"3, 17"）或张量的完整索引（"0, 2, 3, 17"）</translation>
    </message>
    <message>
        <source>Find: NaN, Inf, &gt; x… (Ctrl+F)</source>
        <translation>查找：NaN、Inf、&gt; x… (Ctrl+F)</translation>
    </message>
    <message>
        <source>NaN, Inf, +Inf, -Inf, &gt; x, &gt;= x, &lt; x, &lt;= x, == x, != x; F3 / Shift+F3: next / previous</source>
        <translation>NaN、Inf、+Inf、-Inf、&gt; x、&gt;= x、&lt; x、&lt;= x、== x、!= x；F3 / Shift+F3：下一个 / 上一个</translation>
    </message>
    <message>
        <source>Find Previous (Shift+F3)</source>
        <translation>查找上一个 (Shift+F3)</translation>
    </message>
    <message>
        <source>Find Next (F3)</source>
        <translation>查找下一个 (F3)</translation>
    </message>
    <message>
        <source>"%1" is not an index: give whole numbers separated by commas</source>
        <translation>“%1”不是索引：请输入以逗号分隔的整数</translation>
    </message>
    <message>
        <source>Index %1 is out of range for dimension %2 (size %3)</source>
        <translation>索引 %1 超出维度 %2 的范围（大小 %3）</translation>
    </message>
    <message>
        <source>Row %1 is out of range for dimension %2 (size %3)</source>
        <translation>行 %1 超出维度 %2 的范围（大小 %3）</translation>
    </message>
    <message>
        <source>Column %1 is out of range for dimension %2 (size %3)</source>
        <translation>列 %1 超出维度 %2 的范围（大小 %3）</translation>
    </message>
    <message>
        <source>Give %1 numbers (row, column of the slice) or %2 (a whole index of the tensor)</source>
        <translation>请输入 %1 个数（切片的行、列）或 %2 个数（张量的完整索引）</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>No match in this slice</source>
        <translation>此切片中没有匹配项</translation>
    </message>
    <message>
        <source>Searching… %1%</source>
        <translation>正在搜索… %1%</translation>
    </message>
    <message>
        <source>match %1 of %2</source>
        <translation>第 %1 个匹配，共 %2 个</translation>
    </message>
</context>
<context>
    <name>studio::TensorImage</name>
    <message>
        <source>%1 × %2 pixels are more than the %3 per side shown as a picture.</source>
        <translation>%1 × %2 像素超出了以图像显示时每边 %3 像素的上限。</translation>
    </message>
</context>
<context>
    <name>studio::TensorListModel</name>
    <message>
        <source>%1: %2 %3</source>
        <translation>%1：%2 %3</translation>
    </message>
    <message>
        <source>self-test %1</source>
        <translation>自检 %1</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>expected output</source>
        <translation>期望输出</translation>
    </message>
    <message>
        <source>example %1</source>
        <translation>示例 %1</translation>
    </message>
    <message>
        <source>sample output</source>
        <translation>样本输出</translation>
    </message>
    <message numerus="yes">
        <source>%n inner</source>
        <translation>
            <numerusform>%n 个内部张量</numerusform>
        </translation>
    </message>
    <message>
        <source>inner of %1</source>
        <translation>%1 的内部张量</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>DType</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Referenced by</source>
        <translation>被引用于</translation>
    </message>
</context>
<context>
    <name>studio::TensorRefsModel</name>
    <message numerus="yes">
        <source>nested (%n inner tensors)</source>
        <translation>
            <numerusform>嵌套（%n 个内部张量）</numerusform>
        </translation>
    </message>
    <message>
        <source>not given</source>
        <translation>未给出</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <source>no tensor "%1" in tensor_data/index.toml</source>
        <translation>tensor_data/index.toml 中没有张量“%1”</translation>
    </message>
    <message>
        <source>no file %1 in the carton</source>
        <translation>carton 中没有文件 %1</translation>
    </message>
    <message>
        <source>file, %1</source>
        <translation>文件，%1</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>not a reference</source>
        <translation>不是引用</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Expected output</source>
        <translation>期望输出</translation>
    </message>
    <message>
        <source>Sample output</source>
        <translation>样本输出</translation>
    </message>
    <message>
        <source>%1 (not declared)</source>
        <translation>%1（未声明）</translation>
    </message>
    <message>
        <source>%1 "%2": %3</source>
        <translation>%1“%2”：%3</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Pick a tensor from tensor_data/ or type its name</source>
        <translation>从 tensor_data/ 中选择一个张量，或输入其名称</translation>
    </message>
    <message>
        <source>Clear %1 of %2</source>
        <translation>清除 %2 的 %1</translation>
    </message>
    <message>
        <source>Set %1 of %2</source>
        <translation>设置 %2 的 %1</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Declared</source>
        <translation>已声明</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <source>"%1" is not a declared input of the carton: the key is kept as it is</source>
        <translation>“%1”不是此 carton 已声明的输入：该键将原样保留</translation>
    </message>
    <message>
        <source>"%1" is not a declared output of the carton: the key is kept as it is</source>
        <translation>“%1”不是此 carton 已声明的输出：该键将原样保留</translation>
    </message>
</context>
<context>
    <name>studio::TensorRefsPane</name>
    <message>
        <source>One row per declared input and output. Edit the Tensor cell (F2 or double-click) to pick a tensor of tensor_data/</source>
        <translation>每个已声明的输入和输出占一行。编辑“张量”单元格（F2 或双击）以选择 tensor_data/ 中的张量</translation>
    </message>
    <message>
        <source>&amp;Import Tensor…</source>
        <translation>导入张量(&amp;I)…</translation>
    </message>
    <message>
        <source>Add a tensor from a .npy or .safetensors file to tensor_data/ and use it in the selected row</source>
        <translation>将 .npy 或 .safetensors 文件中的张量添加到 tensor_data/，并在所选行中使用</translation>
    </message>
    <message>
        <source>Add &amp;File…</source>
        <translation>添加文件(&amp;F)…</translation>
    </message>
    <message>
        <source>Add an image, audio or video file to misc/ and use it in the selected row (examples only)</source>
        <translation>将图像、音频或视频文件添加到 misc/，并在所选行中使用（仅限示例）</translation>
    </message>
    <message>
        <source>&amp;Clear</source>
        <translation>清除(&amp;C)</translation>
    </message>
    <message>
        <source>Remove the selected row's tensor (Delete)</source>
        <translation>移除所选行的张量（Delete）</translation>
    </message>
    <message numerus="yes">
        <source>tensor_data/ holds %n tensor(s)</source>
        <translation>
            <numerusform>tensor_data/ 中有 %n 个张量</numerusform>
        </translation>
    </message>
    <message>
        <source>tensor_data/index.toml cannot be read</source>
        <translation>无法读取 tensor_data/index.toml</translation>
    </message>
    <message>
        <source>no self-test or example is selected</source>
        <translation>未选择自检或示例</translation>
    </message>
    <message>
        <source>Import Tensor %1</source>
        <translation>导入张量 %1</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>no example is selected</source>
        <translation>未选择示例</translation>
    </message>
    <message>
        <source>Add File %1</source>
        <translation>添加文件 %1</translation>
    </message>
    <message>
        <source>Import Tensor</source>
        <translation>导入张量</translation>
    </message>
    <message>
        <source>Tensors (*.npy *.safetensors);;All files (*)</source>
        <translation>张量 (*.npy *.safetensors);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 holds no tensor.</source>
        <translation>%1 中没有张量。</translation>
    </message>
    <message>
        <source>Tensor of %1:</source>
        <translation>%1 中的张量：</translation>
    </message>
    <message>
        <source>Name in tensor_data/:</source>
        <translation>在 tensor_data/ 中的名称：</translation>
    </message>
    <message>
        <source>Add File to misc/</source>
        <translation>将文件添加到 misc/</translation>
    </message>
    <message>
        <source>Images, audio and video (*.png *.jpg *.jpeg *.gif *.webp *.bmp *.svg *.wav *.mp3 *.ogg *.flac *.mp4 *.webm *.mov *.mkv);;All files (*)</source>
        <translation>图像、音频和视频 (*.png *.jpg *.jpeg *.gif *.webp *.bmp *.svg *.wav *.mp3 *.ogg *.flac *.mp4 *.webm *.mov *.mkv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Add File</source>
        <translation>添加文件</translation>
    </message>
    <message>
        <source>the import was cancelled</source>
        <translation>导入已取消</translation>
    </message>
</context>
<context>
    <name>studio::TensorTableModel</name>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>No tensor is shown.</source>
        <translation>未显示张量。</translation>
    </message>
    <message>
        <source>The selection is outside the slice.</source>
        <translation>所选内容超出了切片范围。</translation>
    </message>
    <message>
        <source>%1 × %2 cells are more than the %3 that can be copied at once; export the slice as CSV instead.</source>
        <translation>%1 × %2 个单元格超过了一次可复制的 %3 个；请改为将切片导出为 CSV。</translation>
    </message>
</context>
<context>
    <name>studio::TensorViewer</name>
    <message>
        <source>Export slice as CSV…</source>
        <translation>将切片导出为 CSV…</translation>
    </message>
    <message>
        <source>Copy as TSV</source>
        <translation>复制为 TSV</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>Linear</source>
        <translation>线性</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>对数</translation>
    </message>
    <message>
        <source>Export as PNG…</source>
        <translation>导出为 PNG…</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Scale:</source>
        <translation>刻度：</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>图像</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>统计</translation>
    </message>
    <message>
        <source>Inner tensor</source>
        <translation>内部张量</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message numerus="yes">
        <source>%1: nested, %n inner tensor(s)</source>
        <translation>
            <numerusform>%1：嵌套，%n 个内部张量</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <translation>%1：%2 %3</translation>
    </message>
    <message>
        <source>Reading slice %1…</source>
        <translation>正在读取切片 %1…</translation>
    </message>
    <message>
        <source>Reading slice %1… %2%</source>
        <translation>正在读取切片 %1… %2%</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>%1 × %2 pixels, %3 channel(s), %4</source>
        <translation>%1 × %2 像素，%3 个通道，%4</translation>
    </message>
    <message>
        <source>channels first (C×H×W)</source>
        <translation>通道在前（C×H×W）</translation>
    </message>
    <message>
        <source>channels last (H×W×C)</source>
        <translation>通道在后（H×W×C）</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <source>Export slice as CSV</source>
        <translation>将切片导出为 CSV</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export heatmap as PNG</source>
        <translation>将热力图导出为 PNG</translation>
    </message>
    <message>
        <source>PNG (*.png)</source>
        <translation>PNG (*.png)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>%1 could not be written.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>grey (H×W)</source>
        <translation>灰度 (H×W)</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>卷积核</translation>
    </message>
</context>
<context>
    <name>studio::TensorsPage</name>
    <message>
        <source>tensor_data/index.toml is missing or could not be read.</source>
        <translation>tensor_data/index.toml 缺失或无法读取。</translation>
    </message>
    <message>
        <source>No tensor named %1 in tensor_data/index.toml.</source>
        <translation>tensor_data/index.toml 中没有名为 %1 的张量。</translation>
    </message>
    <message>
        <source>Filter tensors (Ctrl+F)</source>
        <translation>筛选张量（Ctrl+F）</translation>
    </message>
    <message>
        <source>Select a tensor to see its values.</source>
        <translation>选择一个张量以查看其值。</translation>
    </message>
    <message>
        <source>This carton has no tensor data.</source>
        <translation>此 carton 没有张量数据。</translation>
    </message>
</context>
<context>
    <name>studio::ToleranceBar</name>
    <message>
        <source>Tolerance:</source>
        <translation>容差：</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>close</source>
        <translation>接近</translation>
    </message>
    <message>
        <source>approximate</source>
        <translation>近似</translation>
    </message>
    <message>
        <source>loose</source>
        <translation>宽松</translation>
    </message>
    <message>
        <source>Tolerance level; per-dtype figures (float16 and bfloat16 are looser)</source>
        <translation>容差级别；按数据类型给出数值（float16 和 bfloat16 更宽松）</translation>
    </message>
    <message>
        <source>Relative tolerance for every output (1e-4), or per output (y:1e-3), comma-separated</source>
        <translation>所有输出的相对容差（1e-4），或按输出指定（y:1e-3），以逗号分隔</translation>
    </message>
    <message>
        <source>Absolute tolerance for every output (1e-6), or per output (y:1e-3), comma-separated</source>
        <translation>所有输出的绝对容差（1e-6），或按输出指定（y:1e-3），以逗号分隔</translation>
    </message>
    <message>
        <source>Carton's tolerances</source>
        <translation>carton 的容差</translation>
    </message>
    <message>
        <source>Use the tolerances the carton carries in [self_test.tolerance]</source>
        <translation>使用 carton 在 [self_test.tolerance] 中自带的容差</translation>
    </message>
    <message>
        <source>Run despite spec mismatches</source>
        <translation>即使与规格不符也运行</translation>
    </message>
    <message>
        <source>Run self-tests whose tensors contradict [[input]] or [[output]] instead of reporting them as "cannot run"</source>
        <translation>运行张量与 [[input]] 或 [[output]] 不符的自测，而不是将其报告为"无法运行"</translation>
    </message>
    <message>
        <source>from preset</source>
        <translation>来自预设</translation>
    </message>
</context>
<context>
    <name>studio::ToleranceEdit</name>
    <message>
        <source>rtol</source>
        <translation>rtol</translation>
    </message>
    <message>
        <source>atol</source>
        <translation>atol</translation>
    </message>
    <message>
        <source>equal_nan</source>
        <translation>equal_nan</translation>
    </message>
    <message>
        <source>[self_test.tolerance]: numbers &gt;= 0 (rtol, atol) and true/false (equal_nan); empty: not set</source>
        <translation>[self_test.tolerance]：数字 &gt;= 0（rtol、atol）及 true/false（equal_nan）；留空：不设置</translation>
    </message>
    <message>
        <source>all outputs</source>
        <translation>所有输出</translation>
    </message>
    <message>
        <source>%1 (not a declared output)</source>
        <translation>%1（未声明的输出）</translation>
    </message>
    <message>
        <source>equal_nan is true, false or empty, not "%1"</source>
        <translation>equal_nan 应为 true、false 或留空，而不是“%1”</translation>
    </message>
    <message>
        <source>%1 is a number &gt;= 0, not "%2"</source>
        <translation>%1 应为 &gt;= 0 的数字，而不是“%2”</translation>
    </message>
</context>
<context>
    <name>studio::TrustedKeysEdit</name>
    <message>
        <source>Add Key…</source>
        <translation>添加密钥…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>%1 — cannot be read</source>
        <translation>%1 — 无法读取</translation>
    </message>
    <message>
        <source>Not added: %1</source>
        <translation>未添加：%1</translation>
    </message>
    <message>
        <source>Trust Public Keys</source>
        <translation>信任公钥</translation>
    </message>
    <message>
        <source>PEM public keys (*.pem *.pub);;All files (*)</source>
        <translation>PEM 公钥 (*.pem *.pub);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 — %2 key %3</source>
        <translation>%1 — %2 密钥 %3</translation>
    </message>
<message>
        <source>Not added: %1 is a PRIVATE key. Keep it secret; trust its public half instead (for example: openssl pkey -in %1 -pubout -out key.pub.pem).</source>
        <translation>未添加：%1 是私钥。请妥善保密；改为信任其公钥部分（例如：openssl pkey -in %1 -pubout -out key.pub.pem）。</translation>
    </message>
</context>
<context>
    <name>studio::UserGuideDialog</name>
    <message>
        <source>Carton Studio User Guide</source>
        <translation>Carton Studio 用户指南（英文）</translation>
    </message>
    <message>
        <source>The user guide is missing from this build.</source>
        <translation>此版本中缺少用户指南。</translation>
    </message>
</context>
<context>
    <name>studio::ValueQuery</name>
    <message>
        <source>"%1" is not a search: use NaN, Inf, -Inf, &gt; x, &lt; x, == x or != x</source>
        <translation>“%1”不是有效的搜索：请使用 NaN、Inf、-Inf、&gt; x、&lt; x、== x 或 != x</translation>
    </message>
    <message>
        <source>Search cancelled</source>
        <translation>搜索已取消</translation>
    </message>
</context>
<context>
    <name>studio::VerificationStatus</name>
    <message>
        <source>Cancel verification</source>
        <translation>取消校验</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>%1% · %2 of %3</source>
        <translation>%1% · %2 / %3</translation>
    </message>
    <message>
        <source> · %1/s</source>
        <translation> · %1/秒</translation>
    </message>
    <message>
        <source> · %1 min %2 s left</source>
        <translation> · 剩余 %1 分 %2 秒</translation>
    </message>
    <message>
        <source> · %1 s left</source>
        <translation> · 剩余 %1 秒</translation>
    </message>
</context>
<context>
    <name>studio::ViewUtils</name>
    <message>
        <source>Stored</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Deflate</source>
        <translation>Deflate</translation>
    </message>
    <message>
        <source>zstd</source>
        <translation>zstd</translation>
    </message>
    <message>
        <source>method %1</source>
        <translation>方法 %1</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>待校验</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Mismatch</source>
        <translation>不匹配</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>Linked</source>
        <translation>已链接</translation>
    </message>
    <message>
        <source>Not in MANIFEST</source>
        <translation>不在 MANIFEST 中</translation>
    </message>
    <message>
        <source>Unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>No MANIFEST yet</source>
        <translation>尚无 MANIFEST</translation>
    </message>
</context>
<context>
    <name>studio::WaveformBuilder</name>
    <message>
        <source>the audio could not be decoded</source>
        <translation>无法解码该音频</translation>
    </message>
</context>
<context>
    <name>studio::WaveformView</name>
    <message>
        <source>Waveform of the whole file; click to play from there</source>
        <translation>整个文件的波形；单击即可从该处开始播放</translation>
    </message>
    <message>
        <source>No waveform: %1</source>
        <translation>无波形：%1</translation>
    </message>
    <message>
        <source>Computing the waveform…</source>
        <translation>正在计算波形…</translation>
    </message>
</context>
<context>
    <name>studio::WelcomePage</name>
    <message>
        <source>No recent cartons.</source>
        <translation>没有最近打开的 carton。</translation>
    </message>
    <message>
        <source>Open Carton…</source>
        <translation>打开 Carton…</translation>
    </message>
    <message>
        <source>Open Folder…</source>
        <translation>打开文件夹…</translation>
    </message>
    <message>
        <source>Open Sample Carton</source>
        <translation>打开示例 Carton</translation>
    </message>
    <message>
        <source>Browse and check .carton model packages.</source>
        <translation>浏览和检查 .carton 模型包。</translation>
    </message>
    <message>
        <source>The sample carton was not found next to the application.</source>
        <translation>在应用程序旁边未找到示例 carton。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Start&lt;/b&gt;</source>
        <translation>&lt;b&gt;开始&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Or drop .carton files and carton folders anywhere on this window.</source>
        <translation>或者将 .carton 文件和 carton 文件夹拖放到此窗口的任意位置。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Recent&lt;/b&gt;</source>
        <translation>&lt;b&gt;最近打开&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>studio::WindowDropTarget</name>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… 以及另外 %n 个</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::GraphChangesModel</name>
    <message>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>What changed</source>
        <translation>变更内容</translation>
    </message>
    <message>
        <source>added</source>
        <translation>已添加</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已更改</translation>
    </message>
</context>
<context>
    <name>studio::WeightChart</name>
    <message>
        <source>unchanged</source>
        <translation>未变</translation>
    </message>
    <message>
        <source>added</source>
        <translation>已添加</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <source>relative change %1</source>
        <translation>相对变化 %1</translation>
    </message>
    <message>
        <source>Relative change of each weight (‖B−A‖/‖A‖, log scale), in model order</source>
        <translation>每个权重的相对变化（‖B−A‖/‖A‖，对数刻度），按模型顺序</translation>
    </message>
</context>
<context>
    <name>studio::WeightDeltaView</name>
    <message>
        <source>Left (A)</source>
        <translation>左侧 (A)</translation>
    </message>
    <message>
        <source>Right (B)</source>
        <translation>右侧 (B)</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>Click a weight in the chart or the table to see both sides and their difference.</source>
        <translation>点击图表或表格中的权重，查看两侧及其差值。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2 × %3 shown; left and right share one colour scale (%4 to %5), the difference its own (±%6)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — 显示 %2 × %3；左右两侧共用一个色标（%4 至 %5），差值使用自己的色标（±%6）</translation>
    </message>
</context>
<context>
    <name>studio::WeightDiffModel</name>
    <message>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>Shape (left)</source>
        <translation>形状（左）</translation>
    </message>
    <message>
        <source>Shape (right)</source>
        <translation>形状（右）</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Max |B−A|</source>
        <translation>最大 |B−A|</translation>
    </message>
    <message>
        <source>‖B−A‖/‖A‖</source>
        <translation>‖B−A‖/‖A‖</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>未变</translation>
    </message>
    <message>
        <source>added</source>
        <translation>已添加</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <source>Left: %1 (paired by %2)</source>
        <translation>左侧：%1（按%2配对）</translation>
    </message>
    <message>
        <source>tensor name</source>
        <translation>张量名称</translation>
    </message>
    <message>
        <source>position and shape</source>
        <translation>位置和形状</translation>
    </message>
</context>
<context>
    <name>studio::GuessesBanner</name>
    <message>
        <source>Confirm</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>The guessed fields are right (each can still be edited)</source>
        <translation>推测的字段正确（每个仍可编辑）</translation>
    </message>
    <message>
        <source>License</source>
        <translation>许可证</translation>
    </message>
    <message>
        <source>Short description</source>
        <translation>简短描述</translation>
    </message>
    <message>
        <source>Model description</source>
        <translation>模型描述</translation>
    </message>
    <message>
        <source>(not filled)</source>
        <translation>（未填写）</translation>
    </message>
    <message>
        <source>Filled in from the model: please check each field, then confirm.</source>
        <translation>已根据模型填写：请检查每个字段，然后确认。</translation>
    </message>
    <message>
        <source>%1 (edited since)</source>
        <translation>%1（之后已编辑）</translation>
    </message>
</context>
<context>
    <name>studio::HfModelTabs</name>
    <message>
        <source>Config</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>模型卡</translation>
    </message>
    <message>
        <source>Hugging Face model</source>
        <translation>Hugging Face 模型</translation>
    </message>
    <message>
        <source>config.json, the tokenizer or the card cannot be read: %1</source>
        <translation>无法读取 config.json、分词器或模型卡：%1</translation>
    </message>
</context>
<context>
    <name>studio::HfSummary</name>
    <message>
        <source>Model type</source>
        <translation>模型类型</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏层大小</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>%1 (%2 key/value)</source>
        <translation>%1（%2 个键/值）</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <source>Data type</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>tokenizer.json</source>
        <translation>tokenizer.json</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个词元</translation>
    </message>
    <message numerus="yes">
        <source>%n special</source>
        <translation>
            <numerusform>%n 个特殊词元</numerusform>
        </translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>Model card</source>
        <translation>模型卡</translation>
    </message>
    <message>
        <source>README.md</source>
        <translation>README.md</translation>
    </message>
    <message>
        <source>Generation</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>Hugging Face model (config.json)</source>
        <translation>Hugging Face 模型（config.json）</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Vocabulary size</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>config.json</source>
        <translation>config.json</translation>
    </message>
    <message>
        <source>vocab_size %1 (the embedding's rows; may be padded)</source>
        <translation>vocab_size %1（嵌入矩阵的行数；可能有填充）</translation>
    </message>
    <message>
        <source>Special tokens</source>
        <translation>特殊词元</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Added tokens (%1)</source>
        <translation>新增词元（%1）</translation>
    </message>
    <message>
        <source>special</source>
        <translation>特殊</translation>
    </message>
    <message>
        <source>… and %1 more (in the vocabulary below)</source>
        <translation>……以及另外 %1 个（见下方词表）</translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation>聊天模板</translation>
    </message>
    <message>
        <source>The card has no front matter (license, tags…).</source>
        <translation>模型卡没有前置元数据（许可证、标签……）。</translation>
    </message>
</context>
<context>
    <name>studio::JsonTreeModel</name>
    <message>
        <source>… more left out (over %L1 rows)</source>
        <translation>……更多内容已省略（超过 %L1 行）</translation>
    </message>
    <message numerus="yes">
        <source>{%n key(s)}</source>
        <translation>
            <numerusform>{%n 个键}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>[%n item(s)]</source>
        <translation>
            <numerusform>[%n 项]</numerusform>
        </translation>
    </message>
    <message>
        <source>object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
</context>
<context>
    <name>studio::ModelFiles</name>
    <message>
        <source>README.md has no license in its front matter</source>
        <translation>README.md 的前置元数据中没有许可证</translation>
    </message>
    <message>
        <source>README.md front matter: license</source>
        <translation>README.md 前置元数据：license</translation>
    </message>
    <message>
        <source>README.md: the first paragraph, shortened to the 100 characters allowed</source>
        <translation>README.md：第一段，已缩短到允许的 100 个字符</translation>
    </message>
    <message>
        <source>README.md: the first paragraph</source>
        <translation>README.md：第一段</translation>
    </message>
    <message>
        <source>README.md without its front matter</source>
        <translation>去掉前置元数据的 README.md</translation>
    </message>
    <message numerus="yes">
        <source>its %n image(s) packed under misc/</source>
        <translation>
            <numerusform>其 %n 张图片已打包到 misc/ 下</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n image(s) not found in the folder or too large: left out</source>
        <translation>
            <numerusform>%n 张图片在文件夹中未找到或过大：已略去</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n character(s)</source>
        <translation>
            <numerusform>%n 个字符</numerusform>
        </translation>
    </message>
    <message>
        <source>the folder's name</source>
        <translation>文件夹的名称</translation>
    </message>
    <message>
        <source>the file's name</source>
        <translation>文件的名称</translation>
    </message>
    <message>
        <source>a TorchScript file (.pt, .pth, .torchscript)</source>
        <translation>一个 TorchScript 文件（.pt、.pth、.torchscript）</translation>
    </message>
    <message>
        <source>Python code with an entry point</source>
        <translation>带入口点的 Python 代码</translation>
    </message>
    <message>
        <source>nothing in the files suggests a runner</source>
        <translation>文件中没有任何内容提示运行器</translation>
    </message>
</context>
<context>
    <name>studio::TokenizerPane</name>
    <message>
        <source>Search the vocabulary: text, #id or id range 100-200</source>
        <translation>搜索词表：文本、#ID 或 ID 范围 100-200</translation>
    </message>
    <message>
        <source>The vocabulary cannot be shown: %1</source>
        <translation>无法显示词表：%1</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个词元</translation>
    </message>
    <message>
        <source>%1 of %2 tokens</source>
        <translation>%1 / %2 个词元</translation>
    </message>
</context>
<context>
    <name>studio::VocabularyModel</name>
    <message>
        <source>special</source>
        <translation>特殊</translation>
    </message>
    <message>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
</context>
<context>
    <name>studio::GraphReviewStyle</name>
    <message>
        <source>added</source>
        <translation>已添加</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>未更改</translation>
    </message>
    <message>
        <source>values unchanged</source>
        <translation>数值未变</translation>
    </message>
    <message>
        <source>values changed: max |Δ| %1, relative L2 %2, %3% of elements</source>
        <translation>数值已变：最大 |Δ| %1，相对 L2 %2，%3% 的元素</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) inside its bodies: double-click the node to open them.</source>
        <translation>
            <numerusform>其子图中有 %n 处更改：双击该节点即可打开。</numerusform>
        </translation>
    </message>
    <message>
        <source>op</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>input %1</source>
        <translation>输入 %1</translation>
    </message>
    <message>
        <source>outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>左侧</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>右侧</translation>
    </message>
    <message>
        <source>show</source>
        <translation>显示</translation>
    </message>
</context>
<context>
    <name>studio::GraphReviewView</name>
    <message>
        <source>Previous Change</source>
        <translation>上一处更改</translation>
    </message>
    <message>
        <source>Next Change</source>
        <translation>下一处更改</translation>
    </message>
    <message>
        <source>Select the previous change (Shift+F8)</source>
        <translation>选择上一处更改 (Shift+F8)</translation>
    </message>
    <message>
        <source>Select the next change (F8)</source>
        <translation>选择下一处更改 (F8)</translation>
    </message>
    <message>
        <source>Unchanged nodes are dimmed</source>
        <translation>未更改的节点以淡色显示</translation>
    </message>
    <message>
        <source>No changes</source>
        <translation>没有更改</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s)</source>
        <translation>
            <numerusform>%n 处更改</numerusform>
        </translation>
    </message>
    <message>
        <source>Change %1 of %2: %3</source>
        <translation>第 %1 处更改（共 %2 处）：%3</translation>
    </message>
</context>
<context>
    <name>studio::DocumentSelfTests</name>
    <message>
        <source>Writing the edited carton to run its self-tests…</source>
        <translation>正在写入编辑后的 carton 以运行其自检…</translation>
    </message>
    <message>
        <source>Run Self-tests</source>
        <translation>运行自检</translation>
    </message>
    <message>
        <source>Could not write the edited carton to run it: %1</source>
        <translation>无法写入编辑后的 carton 以运行：%1</translation>
    </message>
    <message>
        <source>Keep as Tolerance</source>
        <translation>保存为容差</translation>
    </message>
    <message>
        <source>Tolerance kept in carton.toml (Edit ▸ Undo takes it back); save to keep it.</source>
        <translation>容差已写入 carton.toml（可用 编辑 ▸ 撤销 还原）；保存后生效。</translation>
    </message>
    <message>
        <source>Could not make a temporary folder for the edited carton: %1</source>
        <translation>无法为编辑后的 carton 创建临时文件夹：%1</translation>
    </message>
</context>
<context>
    <name>studio::SpecsModel</name>
    <message>
        <source>input %1</source>
        <translation>输入 %1</translation>
    </message>
    <message>
        <source>output %1</source>
        <translation>输出 %1</translation>
    </message>
    <message>
        <source>Output %1: the shape "%2" is not applied: %3</source>
        <translation>输出 %1：形状“%2”未应用：%3</translation>
    </message>
    <message>
        <source>Input %1: the shape "%2" is not applied: %3</source>
        <translation>输入 %1：形状“%2”未应用：%3</translation>
    </message>
    <message>
        <source>Any shape. Type *, a symbol, [] for a scalar, or a list such as [batch, 3, *].</source>
        <translation>任意形状。输入 *、一个符号、[]（标量）或列表，例如 [batch, 3, *]。</translation>
    </message>
    <message>
        <source>A scalar</source>
        <translation>标量</translation>
    </message>
    <message>
        <source>%1 must have one value in %2</source>
        <translation>%1 在 %2 中必须只有一个值</translation>
    </message>
    <message>
        <source>%1 is a symbol (a size fixed at run time)</source>
        <translation>%1 是一个符号（运行时确定的尺寸）</translation>
    </message>
    <message>
        <source>Rename Output</source>
        <translation>重命名输出</translation>
    </message>
    <message>
        <source>Rename Input</source>
        <translation>重命名输入</translation>
    </message>
    <message>
        <source>Change Output DType</source>
        <translation>更改输出的数据类型</translation>
    </message>
    <message>
        <source>Change Input DType</source>
        <translation>更改输入的数据类型</translation>
    </message>
    <message>
        <source>Edit Output Shape</source>
        <translation>编辑输出形状</translation>
    </message>
    <message>
        <source>Edit Input Shape</source>
        <translation>编辑输入形状</translation>
    </message>
    <message>
        <source>Edit Output Description</source>
        <translation>编辑输出描述</translation>
    </message>
    <message>
        <source>Edit Input Description</source>
        <translation>编辑输入描述</translation>
    </message>
    <message>
        <source>Edit Output Internal Name</source>
        <translation>编辑输出的内部名称</translation>
    </message>
    <message>
        <source>Edit Input Internal Name</source>
        <translation>编辑输入的内部名称</translation>
    </message>
    <message>
        <source>* (any shape), a symbol for the whole shape, [] (a scalar), or a list of sizes, symbols and *: [batch, 3, *]</source>
        <translation>*（任意形状）、代表整个形状的符号、[]（标量），或由尺寸、符号和 * 组成的列表：[batch, 3, *]</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>DType</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Internal name</source>
        <translation>内部名称</translation>
    </message>
</context>
<context>
    <name>studio::KernelGrid</name>
    <message>
        <source>%1 is not a stack of conv kernels [out, in, k, k].</source>
        <translation>%1 不是卷积核堆栈 [out, in, k, k]。</translation>
    </message>
</context>
<context>
    <name>studio::KernelGridPage</name>
    <message>
        <source>From output channel:</source>
        <translation>起始输出通道：</translation>
    </message>
    <message>
        <source>from input channel:</source>
        <translation>起始输入通道：</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s) of %1 × %2: output channels (rows) %3–%4 of %5, input channels (columns) %6–%7 of %8.</source>
        <translation>
            <numerusform>%n 个 %1 × %2 卷积核：输出通道（行）%3–%4，共 %5；输入通道（列）%6–%7，共 %8。</numerusform>
        </translation>
    </message>
    <message>
        <source>One colour scale: blue −%1, white 0, red +%1. Click a kernel to see its values in the table.</source>
        <translation>统一色标：蓝 −%1，白 0，红 +%1。点击卷积核可在表格中查看其数值。</translation>
    </message>
    <message>
        <source>Kernel [%1, %2, :, :]</source>
        <translation>卷积核 [%1, %2, :, :]</translation>
    </message>
</context>
<context>
    <name>studio::ModelPaneActions</name>
    <message>
        <source>&amp;Model Panes</source>
        <translation>模型窗格(&amp;M)</translation>
    </message>
    <message>
        <source>Model &amp;Summary</source>
        <translation>模型摘要(&amp;S)</translation>
    </message>
    <message>
        <source>Model &amp;Weights</source>
        <translation>模型权重(&amp;W)</translation>
    </message>
    <message>
        <source>Graph &amp;Properties</source>
        <translation>图属性(&amp;P)</translation>
    </message>
</context>
<context>
    <name>studio::BackendComparisonView</name>
    <message>
        <source>not expected</source>
        <translation>未预期</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>Self-test</source>
        <translation>自测</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>A vs expected</source>
        <translation>A 对比预期</translation>
    </message>
    <message>
        <source>B vs expected</source>
        <translation>B 对比预期</translation>
    </message>
    <message>
        <source>B vs A</source>
        <translation>B 对比 A</translation>
    </message>
    <message>
        <source>Max abs</source>
        <translation>最大绝对误差</translation>
    </message>
    <message>
        <source>Max rel</source>
        <translation>最大相对误差</translation>
    </message>
    <message>
        <source>Elements off</source>
        <translation>超差元素</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
</context>
<context>
    <name>studio::CompareOutputsPane</name>
    <message>
        <source>&amp;Run Both Models</source>
        <translation>运行两个模型(&amp;R)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>A's self-test inputs</source>
        <translation>A 的自测输入</translation>
    </message>
    <message>
        <source>B's self-test inputs</source>
        <translation>B 的自测输入</translation>
    </message>
    <message>
        <source>Both sides' self-test inputs</source>
        <translation>两侧的自测输入</translation>
    </message>
    <message>
        <source>Whose [[self_test]] inputs both models run on</source>
        <translation>两个模型使用哪一侧的 [[self_test]] 输入运行</translation>
    </message>
    <message>
        <source>Run A's and B's models (each in its sandboxed runner host, after asking) on the same inputs and compare B's outputs with A's</source>
        <translation>在相同输入上运行 A 和 B 的模型（各自在沙箱中的运行器宿主内，运行前询问），并将 B 的输出与 A 的比较</translation>
    </message>
    <message>
        <source>Run on</source>
        <translation>运行于</translation>
    </message>
    <message>
        <source>Outputs are compared for two cartons: a bare model file has no runner and no self-test inputs.</source>
        <translation>仅能比较两个 carton 的输出：单独的模型文件没有运行器，也没有自测输入。</translation>
    </message>
    <message>
        <source>Press Run Both Models: A's and B's models run on the chosen self-test inputs, each in its own sandboxed runner host (you are asked first), and B's outputs are compared with A's under the tolerance below.</source>
        <translation>点击“运行两个模型”：A 和 B 的模型在所选的自测输入上运行，各自在自己的沙箱运行器宿主中（运行前会询问您），并按下方的容差将 B 的输出与 A 的比较。</translation>
    </message>
    <message>
        <source>Tolerance: %1</source>
        <translation>容差：%1</translation>
    </message>
    <message>
        <source>Not run: the run was cancelled.</source>
        <translation>未运行：运行已取消。</translation>
    </message>
    <message>
        <source>Running A's model, then B's…</source>
        <translation>正在运行 A 的模型，然后运行 B 的……</translation>
    </message>
    <message>
        <source>Outputs not compared: cancelled.</source>
        <translation>未比较输出：已取消。</translation>
    </message>
    <message>
        <source>Could not run both models: %1</source>
        <translation>无法运行两个模型：%1</translation>
    </message>
    <message>
        <source>B's</source>
        <translation>B 的</translation>
    </message>
    <message>
        <source>A's</source>
        <translation>A 的</translation>
    </message>
    <message>
        <source>B's outputs agree with A's on all %1 self-tests.</source>
        <translation>在全部 %1 个自测中，B 的输出与 A 的一致。</translation>
    </message>
    <message>
        <source>B's outputs differ from A's on %1 of %2 self-tests.</source>
        <translation>在 %2 个自测中有 %1 个，B 的输出与 A 的不同。</translation>
    </message>
    <message>
        <source>Run on: %1.</source>
        <translation>运行于：%1。</translation>
    </message>
    <message>
        <source>In the error map A is the expected side and B the actual one.</source>
        <translation>在误差图中，A 为预期一侧，B 为实际一侧。</translation>
    </message>
</context>
<context>
    <name>studio::DocumentFilesModel</name>
    <message>
        <source>From the carton</source>
        <translation>来自 carton</translation>
    </message>
    <message>
        <source>From the carton (was %1)</source>
        <translation>来自 carton（原为 %1）</translation>
    </message>
    <message>
        <source>Linked (fetched from LINKS)</source>
        <translation>已链接（从 LINKS 获取）</translation>
    </message>
    <message>
        <source>Added from disk</source>
        <translation>从磁盘添加</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>%1 is written when saving</source>
        <translation>%1 在保存时写入</translation>
    </message>
</context>
<context>
    <name>studio::FilesEditor</name>
    <message>
        <source>Where added files go: model/ for the model, misc/ for images, audio and video the description or examples use</source>
        <translation>添加的文件放在哪里：model/ 用于模型，misc/ 用于描述或示例所用的图像、音频和视频</translation>
    </message>
    <message>
        <source>Add &amp;Files…</source>
        <translation>添加文件(&amp;F)…</translation>
    </message>
    <message>
        <source>Add F&amp;older…</source>
        <translation>添加文件夹(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>Re&amp;name</source>
        <translation>重命名(&amp;N)</translation>
    </message>
    <message>
        <source>Add to:</source>
        <translation>添加到：</translation>
    </message>
    <message>
        <source>Drop files or folders here to add them. carton.toml, MANIFEST and tensor_data/index.toml are written when saving.</source>
        <translation>将文件或文件夹拖放到此处即可添加。carton.toml、MANIFEST 和 tensor_data/index.toml 在保存时写入。</translation>
    </message>
    <message>
        <source>Nothing added: %1</source>
        <translation>未添加任何内容：%1</translation>
    </message>
    <message>
        <source>Nothing added: %1 is written when saving</source>
        <translation>未添加任何内容：%1 在保存时写入</translation>
    </message>
    <message>
        <source>Add File</source>
        <translation>添加文件</translation>
    </message>
    <message numerus="yes">
        <source>Add %n Files</source>
        <translation>
            <numerusform>添加 %n 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Added %n file(s) under %1</source>
        <translation>
            <numerusform>已在 %1 下添加 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n Files</source>
        <translation>
            <numerusform>移除 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Add Files to %1</source>
        <translation>向 %1 添加文件</translation>
    </message>
    <message>
        <source>Add Folder to %1</source>
        <translation>向 %1 添加文件夹</translation>
    </message>
    <message>
        <source>Drop to add under %1</source>
        <translation>拖放以添加到 %1 下</translation>
    </message>
</context>
<context>
    <name>studio::SelfTestListModel</name>
    <message>
        <source>Self-test</source>
        <translation>自检</translation>
    </message>
    <message>
        <source>Example</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>(self-test %1)</source>
        <translation>（自检 %1）</translation>
    </message>
    <message>
        <source>(example %1)</source>
        <translation>（示例 %1）</translation>
    </message>
    <message>
        <source>no description</source>
        <translation>无描述</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
</context>
<context>
    <name>studio::GraphItemActions</name>
    <message>
        <source>Expand %1</source>
        <translation>展开 %1</translation>
    </message>
    <message>
        <source>Collapse %1</source>
        <translation>折叠 %1</translation>
    </message>
    <message>
        <source>Expand All Scopes</source>
        <translation>展开所有作用域</translation>
    </message>
    <message>
        <source>Collapse All Scopes</source>
        <translation>折叠所有作用域</translation>
    </message>
</context>
<context>
    <name>studio::GraphExport</name>
    <message>
        <source>export cancelled</source>
        <translation>导出已取消</translation>
    </message>
    <message>
        <source>the graph is empty</source>
        <translation>图为空</translation>
    </message>
    <message>
        <source>cannot write SVG</source>
        <translation>无法写入 SVG</translation>
    </message>
</context>
<context>
    <name>studio::GraphExportJob</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the export (nothing is written)</source>
        <translation>停止导出（不写入任何内容）</translation>
    </message>
    <message>
        <source>Exporting… %p%</source>
        <translation>正在导出… %p%</translation>
    </message>
    <message>
        <source>export cancelled</source>
        <translation>导出已取消</translation>
    </message>
    <message>
        <source>Export Graph as SVG</source>
        <translation>将计算图导出为 SVG</translation>
    </message>
    <message>
        <source>Export Graph as PNG</source>
        <translation>将计算图导出为 PNG</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
</context>
<context>
    <name>studio::GraphVertices</name>
    <message>
        <source>%1 · %2 nodes</source>
        <translation>%1 · %2 个节点</translation>
    </message>
    <message numerus="yes">
        <source>%1 ▸ %n node(s)</source>
        <translation>
            <numerusform>%1 ▸ %n 个节点</numerusform>
        </translation>
    </message>
</context>
</TS>
