module robocom

go 1.26
