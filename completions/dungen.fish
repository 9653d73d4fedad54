# fish completion for dungen(1): its commands, each command's options, and files or folders
# where an option or argument names one. Installed as
# share/fish/vendor_completions.d/dungen.fish. Keep in step with `dungen COMMAND --help`
# (tests/install/completion_test.sh checks it).

# The command being completed: the first word that is no option; any other word there is a
# tile folder (`dungen DIR` is `dungen generate DIR`). Nothing before the command.
function __dungen_command
    for word in (commandline -opc)[2..-1]
        switch $word
            case '-*'
                continue
            case generate graph inspect rooms layout areas range
                echo $word
            case '*'
                echo generate
        end
        return
    end
end

# True when the command being completed is one of the arguments.
function __dungen_command_is
    set -l command (__dungen_command)
    test -n "$command"; and contains -- $command $argv
end

complete -c dungen -f
complete -c dungen -s h -l help -d 'Print the help and exit'

# Before the command: the commands, a tile folder, --version.
set -l none 'test -z "$(__dungen_command)"'
complete -c dungen -n $none -l version -d 'Print the version and exit'
complete -c dungen -n $none -a generate -d 'Stitch a folder of tiles into a dungeon map'
complete -c dungen -n $none -a graph -d 'Realise a level graph (rooms, tags, loops) from a folder of tiles'
complete -c dungen -n $none -a inspect -d "List each tile's doors and problems, and check the set"
complete -c dungen -n $none -a rooms -d 'Random rooms pushed apart and joined by doors'
complete -c dungen -n $none -a layout -d 'A designed layout: a JSON file, grid, clock or maze'
complete -c dungen -n $none -a areas -d 'Organic spaces grown from seeds, joined by doors'
complete -c dungen -n $none -a range -d 'The expressive range of a tile set over many seeds'
complete -c dungen -n $none -a '(__fish_complete_directories)'

# Tiles (generate, graph, inspect, range).
set -l tiles '__dungen_command_is generate graph inspect range'
complete -c dungen -n $tiles -a '(__fish_complete_directories)'
complete -c dungen -n $tiles -l palette -r -F -d 'Palette file mapping your colours to wall/floor/door/empty'
complete -c dungen -n $tiles -l tileset -r -F -d 'Read tile settings from FILE instead of TILES_DIR/tileset.txt'
complete -c dungen -n $tiles -l max-tile-size -x -d 'Largest tile width or height accepted, pixels'
complete -c dungen -n $tiles -l skip-invalid -d 'Warn about a bad tile and go on without it'
complete -c dungen -n $tiles -l no-flip -d 'Never mirror tiles'
complete -c dungen -n $tiles -l no-rotate -d 'Never rotate tiles'

# generate
set -l generate '__dungen_command_is generate'
# The options that shape a level, for generate and range alike.
set -l shaping '__dungen_command_is generate range'
complete -c dungen -n $shaping -l max-tiles -x -d 'Grow until this many tiles are placed'
complete -c dungen -n $shaping -l min-tiles -x -d 'Fewer tiles than this = the level ended prematurely'
complete -c dungen -n $shaping -l start -r -F -d 'File name of the first tile'
complete -c dungen -n $shaping -l policy -x -a 'random breadth depth' -d 'Which open door grows next'
complete -c dungen -n $shaping -l max-size -x -d 'Largest map, WIDTHxHEIGHT in cells'
complete -c dungen -n $shaping -l mask -r -F -d 'PNG whose light cells are the only ones the map may use'
complete -c dungen -n $shaping -l place -x -d 'Pin a tile: TILE@X,Y or TILE@X,Y:ORIENTATION'
complete -c dungen -n $generate -l retries -x -d 'When a level ends prematurely, try up to K more seeds'
complete -c dungen -n $shaping -l loops -x -a 'auto 0' -d 'Loops on purpose: N pairs of doors joined (auto: one per 20 tiles)'
complete -c dungen -n $shaping -l loop-detour -x -d 'Join two doors only where it saves this many steps'
complete -c dungen -n $shaping -l loop-retries -x -d 'Grow a level without a loop again, up to N more seeds'
complete -c dungen -n $shaping -l max-dead-ends -x -d 'At most N dead ends, or N% of the tiles'
complete -c dungen -n $generate -l graph -r -F -d 'Realise a level graph: a JSON graph or layout file, grid:CxR, clock, chain:N'
complete -c dungen -n $generate -l corridor-max -x -d 'With --graph: most corridor tiles between two rooms'

# rooms
set -l rooms '__dungen_command_is rooms'
complete -c dungen -n $rooms -l rooms -x -d 'Rooms placed at random'
complete -c dungen -n $rooms -l room-size -x -d 'Floor size range MIN-MAX in cells'
complete -c dungen -n $rooms -l door-width -x -d 'Width of every door in cells'
complete -c dungen -n $rooms -l gap -x -d 'Facing walls at most this many cells apart are neighbours'
complete -c dungen -n $rooms -l loops -x -d 'Fraction of the other neighbour pairs joined as extra doors'
complete -c dungen -n $rooms -l max-steps -x -d 'Separation steps before giving up'

# layout
set -l layout '__dungen_command_is layout'
complete -c dungen -n $layout -F -a 'grid:4x3 clock maze maze:0.1'
complete -c dungen -n $layout -l space -x -d 'Tile space of a built-in, WIDTHxHEIGHT cells'

# areas
set -l areas '__dungen_command_is areas'
complete -c dungen -n $areas -l width -x -d 'Grid width in cells'
complete -c dungen -n $areas -l height -x -d 'Grid height in cells'
complete -c dungen -n $areas -l spaces -x -d 'Seeds to spread into spaces'
complete -c dungen -n $areas -l min-space -x -d 'Smaller spaces merge into a neighbour'
complete -c dungen -n $areas -l loops -x -d 'Fraction of the other adjacent space pairs joined by extra doors'
complete -c dungen -n $areas -l mask -r -F -d 'PNG whose white cells are the only usable ones'

# graph: TILES_DIR (above), then GRAPH, a built-in or a graph file.
set -l graph '__dungen_command_is graph'
complete -c dungen -n $graph -F -a 'clock grid:4x3 chain:6'
complete -c dungen -n $graph -l corridor-max -x -d 'Most corridor tiles between two rooms'
complete -c dungen -n $graph -l retries -x -d 'When the graph is not realised, try up to K more seeds'

# Every command that makes levels (generate, graph, rooms, layout, areas).
set -l level '__dungen_command_is generate graph rooms layout areas'
complete -c dungen -n $level -l seed -x -d 'Seed of the random choices, 0 to 2^64-1'
complete -c dungen -n $level -l floors -x -d 'A dungeon of N floors whose stairs line up'
complete -c dungen -n $level -l locks -x -d 'Lock-and-key puzzles: N locked doors'
complete -c dungen -n $level -l strict -d 'Exit with status 3 when the level ends prematurely, has unreachable cells or misses --require'
complete -c dungen -n $level -l require -x -d 'Targets over the level metrics, e.g. loops>=3,dead_ends<=8'
complete -c dungen -n $level -l dump-steps -x -a '(__fish_complete_directories)' -d 'Write the map after each step into this folder'
complete -c dungen -n $level -l spikes -x -d 'Spikes on hallway cells'
complete -c dungen -n $level -l monsters -x -d 'Monsters on floor away from the start'
complete -c dungen -n $level -l chests -x -d 'Chests against room walls'
complete -c dungen -n $level -l loot -x -d 'Loot on floor'
complete -c dungen -n $level -l decor -x -d 'Decor against walls'
complete -c dungen -n $level -l tiers -x -a '1 2 3 4 5 6 7 8 9' -d 'Monsters, chests and loot get a tier from 1 to this'
complete -c dungen -n $level -s o -l output -r -F -d "Map PNG to write ('-' = standard output)"
complete -c dungen -n $level -l report -r -F -d 'Also write the text report here'
complete -c dungen -n $level -l json -r -F -d 'Also write the JSON report here'
complete -c dungen -n $level -l preview -r -F -d 'Also write an annotated, scaled-up picture here'
complete -c dungen -n $level -l tmx -r -F -d 'Also write a Tiled TMX map here'
complete -c dungen -n $level -l tmj -r -F -d 'Also write a Tiled JSON (TMJ) map here'
complete -c dungen -n $level -l ascii -r -F -d 'Also write the map as text here'
complete -c dungen -n $level -l wad -r -F -d 'Also write a Doom map (PWAD with MAP01) here'
complete -c dungen -n $level -l demo -r -F -d 'Also write a Doom demo playing the --wad map'
complete -c dungen -n $level -l uvtt -r -F -d 'Also write a Universal VTT map for virtual tabletops'
complete -c dungen -n $level -l zdbsp -r -F -d 'The node builder for --wad'
complete -c dungen -n $level -l scale -x -d 'Pixels per cell of the preview and the --uvtt picture'
complete -c dungen -n $level -s q -l quiet -d 'Print nothing but errors'
complete -c dungen -n $level -l count -x -d 'Batch: write this many levels into --out-dir'
complete -c dungen -n $level -l out-dir -x -a '(__fish_complete_directories)' -d 'Batch: folder for the levels and manifest.csv'
complete -c dungen -n $level -s j -l jobs -x -d 'Batch: worker threads'
complete -c dungen -n $level -l gallery -d 'Batch: also write index.html, a sortable page of every level'
complete -c dungen -n $level -l wait -d 'Batch: wait for another batch writing into --out-dir to end'
complete -c dungen -n $level -l with-preview -d "Batch: also write each level's annotated picture"
complete -c dungen -n $level -l with-tmx -d 'Batch: also write each level as a Tiled TMX map'
complete -c dungen -n $level -l with-tmj -d 'Batch: also write each level as a Tiled JSON map'
complete -c dungen -n $level -l with-ascii -d 'Batch: also write each level as text'
complete -c dungen -n $level -l with-wad -d 'Batch: also write each level as a Doom map'
complete -c dungen -n $level -l with-demo -d 'Batch: also write a Doom demo for each level'
complete -c dungen -n $level -l with-uvtt -d 'Batch: also write each level as a Universal VTT map'

# inspect
set -l inspect '__dungen_command_is inspect'
complete -c dungen -n $inspect -l json -d 'Print JSON instead of text'
complete -c dungen -n $inspect -l preview -r -F -d 'Write a PNG of the tile set with every door marked'
complete -c dungen -n $inspect -l scale -x -d 'Preview pixels per cell'

# range: generate's options that shape a level (above), then its own.
set -l range '__dungen_command_is range'
set -l metrics 'reachable_share passable_cells reachable_cells unreachable_placements dead_ends loops exit_steps exit_rooms branching'
complete -c dungen -n $range -l retries -x -d 'When a level ends prematurely, try up to K more seeds'
complete -c dungen -n $range -l seed -x -d 'First seed, 0 to 2^64-1'
complete -c dungen -n $range -l locks -x -d 'Lock-and-key puzzles: N locked doors'
complete -c dungen -n $range -l spikes -x -d 'Spikes on hallway cells'
complete -c dungen -n $range -l monsters -x -d 'Monsters on floor away from the start'
complete -c dungen -n $range -l chests -x -d 'Chests against room walls'
complete -c dungen -n $range -l loot -x -d 'Loot on floor'
complete -c dungen -n $range -l decor -x -d 'Decor against walls'
complete -c dungen -n $range -l require -x -d "Targets over the level's metrics"
complete -c dungen -n $range -l count -x -d 'Levels to make and measure'
complete -c dungen -n $range -s x -l x-axis -x -a $metrics -d "The heatmap's metric across"
complete -c dungen -n $range -s y -l y-axis -x -a $metrics -d "The heatmap's metric up"
complete -c dungen -n $range -s o -l output -r -F -d 'Base name of BASE.png, BASE-histograms.png, BASE.txt, BASE.csv'
complete -c dungen -n $range -s j -l jobs -x -d 'Worker threads'
complete -c dungen -n $range -s q -l quiet -d 'Print nothing but errors'
