#version 150
// hudprof overlay: the atlas is single-channel coverage. Glyphs use their coverage as alpha; boxes and bars
// sample the atlas's white texel (coverage 1), so everything is one texture and one draw call.

in vec2 vTexCoord;
in vec4 vColor;

uniform sampler2D uAtlas;

out vec4 fragColor;

void main() {
    fragColor = vec4(vColor.rgb, vColor.a * texture(uAtlas, vTexCoord).r);
}
