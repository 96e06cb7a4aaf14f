#version 150
// Compiles, but its output does not match hud.frag's input types, so linking fails (for the link-error test).
in vec2 aPosition;
out vec3 vTexCoord;
out vec4 vColor;

void main() {
    gl_Position = vec4(aPosition, 0.0, 1.0);
    vTexCoord = vec3(0.0);
    vColor = vec4(1.0);
}
