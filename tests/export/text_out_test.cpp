// The one encoder of text in JSON and the one in XML (export/text_out.hpp).
#include "export/text_out.hpp"

#include <gtest/gtest.h>

#include <string>

namespace dungen::exporters {
namespace {

struct Case {
  std::string name, text, json, xml;
};

TEST(TextEncoders, InvalidUtf8ControlsAndNoncharactersNeverPassRaw) {
  // Regression (turn3-01): the check looked only at the lead byte and the continuation bits, so
  // overlong forms, surrogates, code points past U+10FFFF and lead bytes F5-F7 in a tile name
  // passed raw into --json, --tmj and --tmx; U+FFFE made the TMX not well-formed; C1 and bidi
  // controls reached the outputs raw (a terminal reads U+009B as an escape sequence).
  const std::string fffd = "\xEF\xBF\xBD";
  for (const Case& c : {
           Case{"overlong /", "a\xC0\xAF", "\"a\\ufffd\\ufffd\"", "a" + fffd + fffd},
           Case{"overlong 3 bytes", "\xE0\x80\xAF", "\"\\ufffd\\ufffd\\ufffd\"",
                fffd + fffd + fffd},
           Case{"overlong 4 bytes", "\xF0\x8F\xBF\xBF", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"",
                fffd + fffd + fffd + fffd},
           Case{"surrogate", "\xED\xA0\x80", "\"\\ufffd\\ufffd\\ufffd\"", fffd + fffd + fffd},
           Case{"past U+10FFFF", "\xF4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"",
                fffd + fffd + fffd + fffd},
           Case{"lead F7", "\xF7\xBF\xBF\xBF", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"",
                fffd + fffd + fffd + fffd},
           Case{"lead FF", "\xFF", "\"\\ufffd\"", fffd},
           Case{"cut short", "\xE6\x97", "\"\\ufffd\\ufffd\"", fffd + fffd},
           Case{"U+10FFFF", "\xF4\x8F\xBF\xBF", "\"\xF4\x8F\xBF\xBF\"", "\xF4\x8F\xBF\xBF"},
           Case{"U+FFFE", "\xEF\xBF\xBE", "\"\\ufffe\"", fffd},
           Case{"U+FFFF", "\xEF\xBF\xBF", "\"\\uffff\"", fffd},
           Case{"U+FFFD", fffd, "\"" + fffd + "\"", fffd},
           Case{"C0", "a\x01\n", "\"a\\u0001\\u000a\"", "a" + fffd + "&#10;"},
           Case{"DEL", "\x7F", "\"\\u007f\"", "&#x7F;"},
           Case{"C1 U+0085", "\xC2\x85", "\"\\u0085\"", "&#x85;"},
           Case{"C1 CSI U+009B", "\xC2\x9B[31m", "\"\\u009b[31m\"", "&#x9B;[31m"},
           Case{"RLO U+202E", "\xE2\x80\xAEgnp.exe", "\"\\u202egnp.exe\"", "&#x202E;gnp.exe"},
           Case{"LRI U+2066", "\xE2\x81\xA6", "\"\\u2066\"", "&#x2066;"},
           Case{"ALM U+061C", "\xD8\x9C", "\"\\u061c\"", "&#x61C;"},
           Case{"RLM U+200F", "\xE2\x80\x8F", "\"\\u200f\"", "&#x200F;"},
           Case{"LS U+2028", "\xE2\x80\xA8", "\"\\u2028\"", "&#x2028;"},
           Case{"text kept", "caf\xC3\xA9 \xE6\x97\xA5 \xF0\x9F\x98\x80",
                "\"caf\xC3\xA9 \xE6\x97\xA5 \xF0\x9F\x98\x80\"",
                "caf\xC3\xA9 \xE6\x97\xA5 \xF0\x9F\x98\x80"},
           Case{"quotes", "\"<&>'\\", "\"\\\"<&>'\\\\\"", "&quot;&lt;&amp;&gt;&apos;\\"},
       }) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(json_string(c.text), c.json);
    EXPECT_EQ(xml_escape(c.text), c.xml);
  }
}

TEST(TextEncoders, DecodeFollowsRfc3629) {
  EXPECT_EQ(decode_utf8("\xC2\x80", 0).code_point, 0x80u);
  EXPECT_EQ(decode_utf8("\xC2\x80", 0).length, 2u);
  EXPECT_EQ(decode_utf8("\xED\x9F\xBF", 0).code_point, 0xD7FFu);  // the last before surrogates
  EXPECT_EQ(decode_utf8("\xEE\x80\x80", 0).code_point, 0xE000u);  // the first after them
  EXPECT_EQ(decode_utf8("\xF0\x90\x80\x80", 0).code_point, 0x10000u);
  EXPECT_EQ(decode_utf8("\xC1\xBF", 0).length, 0u);  // overlong, lead C1
  EXPECT_EQ(decode_utf8("\xF5\x80\x80\x80", 0).length, 0u);
  EXPECT_EQ(decode_utf8("\x80", 0).length, 0u);  // a stray continuation byte
}

// Every byte string comes out as valid UTF-8 free of the invisible code points, whatever it
// holds (python3's json and xml.etree read such strings back in reliability.export_strict_text).
TEST(TextEncoders, RandomBytesComeOutAsStrictText) {
  std::uint64_t state = 33;
  const auto next = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<unsigned char>(state >> 56);
  };
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    for (int i = 0, n = next() % 24; i < n; ++i) text += static_cast<char>(next());
    for (const std::string& out : {json_string(text), xml_escape(text)}) {
      for (std::size_t i = 0; i < out.size();) {
        const Utf8Char c = decode_utf8(out, i);
        ASSERT_NE(c.length, 0u) << "not UTF-8 at byte " << i;
        EXPECT_FALSE(invisible_code_point(c.code_point));
        EXPECT_TRUE(c.code_point >= 0x20 && c.code_point != 0xFFFE && c.code_point != 0xFFFF);
        i += c.length;
      }
    }
  }
}

}  // namespace
}  // namespace dungen::exporters
