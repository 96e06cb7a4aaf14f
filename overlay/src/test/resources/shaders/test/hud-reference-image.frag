#version 150
// Test reference: the single program the HUD drew with before it was split (main 2b990ae), its choice fixed for
// pictures; with hud-reference.vert (colour interpolated, not flat).
// hudprof overlay: the atlas is single-channel coverage. Glyphs use their coverage as alpha; boxes and bars
// sample the atlas's white texel (coverage 1), so text and boxes share one texture and one draw call.

in vec2 vTexCoord;
in vec4 vColor;

uniform sampler2D uAtlas;
// 0: the font atlas (coverage in .r); 1: an RGBA image (the history graph's columns), tinted by the vertex colour.
const float uImage = 1.0;

out vec4 fragColor;

void main() {
    vec4 texel = texture(uAtlas, vTexCoord);
    fragColor = uImage > 0.5 ? vColor * texel : vec4(vColor.rgb, vColor.a * texel.r);
}
