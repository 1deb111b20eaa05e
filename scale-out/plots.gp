# Written by dfpn scale; run `gnuplot plots.gp` in this folder to redraw.
set terminal pngcairo size 800,500
set grid
set key top left
set output 'time_vs_table.png'
set title 'Suite time vs table size (1 thread)'
set xlabel 'table size (MiB)'
set ylabel 'time (s), sum of medians'
set logscale x 2
plot 'time_vs_table.dat' index 0 using 1:2 with linespoints title 'dfpn'
unset logscale x
set output 'speedup_vs_threads.png'
set title 'Speedup vs threads (64 MiB table)'
set xlabel 'threads'
set ylabel 'speedup over 1 thread'
set xtics 1
plot x with lines dashtype 2 title 'ideal', 'speedup_vs_threads.dat' index 0 using 1:2 with linespoints title 'dfpn'
