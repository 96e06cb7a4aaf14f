#version 150
// hudprof overlay: text and shapes. The atlas is single-channel coverage; glyphs use their coverage as alpha, boxes
// and bars sample the atlas's white texel (coverage 1), so text and boxes share one texture and one draw call.
// Pictures have a program of their own (hud-image.frag): a software rasteriser runs every instruction of a fragment
// shader for every pixel of every quad, so each program does only what its quads need.

in vec2 vTexCoord;
flat in vec4 vColor;

uniform sampler2D uAtlas;

out vec4 fragColor;

void main() {
    fragColor = vec4(vColor.rgb, vColor.a * texture(uAtlas, vTexCoord).r);
}
