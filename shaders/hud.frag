#version 150
// hudprof overlay: the atlas is single-channel coverage. Glyphs use their coverage as alpha; boxes and bars
// sample the atlas's white texel (coverage 1), so text and boxes share one texture and one draw call.

in vec2 vTexCoord;
flat in vec4 vColor;

uniform sampler2D uAtlas;
// 0: the font atlas (coverage in .r); 1: an RGBA image (the history graph's columns), tinted by the vertex colour.
uniform float uImage;
// Alpha 1: the opaque colour under the glyphs being drawn, which the draw list knows (an opaque panel). The glyph is
// then mixed with it here and written with blending off: the same pixel as blending it over that colour, without
// reading the framebuffer (on a software rasteriser a blended pixel costs about twice a written one). Alpha 0: blended.
uniform vec4 uBackground;

out vec4 fragColor;

void main() {
    vec4 texel = texture(uAtlas, vTexCoord);
    float coverage = vColor.a * texel.r;
    vec4 glyph = uBackground.a > 0.5 ? vec4(mix(uBackground.rgb, vColor.rgb, coverage), 1.0)
            : vec4(vColor.rgb, coverage);
    fragColor = uImage > 0.5 ? vColor * texel : glyph;
}
