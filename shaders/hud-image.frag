#version 150
// hudprof overlay: an RGBA picture (the history graph's columns, the HUD's kept pixels), tinted by the vertex colour.

in vec2 vTexCoord;
flat in vec4 vColor;

uniform sampler2D uAtlas;

out vec4 fragColor;

void main() {
    fragColor = vColor * texture(uAtlas, vTexCoord);
}
