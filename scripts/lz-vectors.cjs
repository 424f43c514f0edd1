// Test vectors for crates/web/src/model/sudoku/links.rs: lz-string compressToBase64 of
// JSON written for the tests. Run: npm install lz-string@1.5.0 && node scripts/lz-vectors.cjs
const l=require("lz-string");
const fp9 = {size:9,title:"Test classic",author:"Tessera tests",grid:[]};
const puz="5...8..49...5...3..673....115..........2.8..........187....415..3...2...49..5...3";
for(let r=0;r<9;r++){const row=[];for(let c=0;c<9;c++){const ch=puz[r*9+c];row.push(ch==="."?{}:{value:+ch,given:true});}fp9.grid.push(row);}
fp9.grid[0][1]={value:1}; // a solver's digit, not a given
console.log("FP_CLASSIC", l.compressToBase64(JSON.stringify(fp9)));
const fpk=JSON.parse(JSON.stringify(fp9)); fpk.killercage=[{cells:["R1C1","R1C2"],value:"9"}];
console.log("FP_KILLER", l.compressToBase64(JSON.stringify(fpk)));
const sp={id:"t",cells:[]};
for(let r=0;r<9;r++){const row=[];for(let c=0;c<9;c++){const ch=puz[r*9+c];row.push(ch==="."?{}:{v:+ch});}sp.cells.push(row);}
console.log("SCL_CLASSIC", l.compressToBase64(JSON.stringify(sp)));
console.log("HELLO", l.compressToBase64("Hello, world"));
// The e2e spec's X-sudoku link (specs/sudoku-play-variants.mjs): its X_PUZZLE
// as f-puzzles JSON with both diagonals.
const xp="..3.....6...8.37...4...6.....1..48.9.5.......3..................7..........2813..";
const fx={size:9,title:"Test X",grid:[],"diagonal+":true,"diagonal-":true};
for(let r=0;r<9;r++){const row=[];for(let c=0;c<9;c++){const ch=xp[r*9+c];row.push(ch==="."?{}:{value:+ch,given:true});}fx.grid.push(row);}
console.log("FP_X", l.compressToBase64(JSON.stringify(fx)));
