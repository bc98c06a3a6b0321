// kfuse parses CUDA units with Clang's CUDA host side. Clang 19's CUDA
// runtime wrapper includes this header, which CUDA 13 no longer ships; kfuse
// searches this directory after every other, so a toolkit that has the
// header still provides it. Nothing here is compiled into a program.
